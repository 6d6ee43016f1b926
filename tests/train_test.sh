#!/usr/bin/env bash
# lud64-train end to end on tiny data (seconds): self-play samples, a fit
# whose validation loss falls, the weight file it writes, the evaluation terms
# of self-play positions, bad input with a one-line error and exit 2 before any
# work, and Ctrl-C with exit 130 and no partial file. Samples of tables:
# train_tables_test.sh.
# Usage: train_test.sh LUD64_TRAIN
set -uo pipefail
lud64="$1"  # the helpers run $lud64
source "$(dirname "$0")/lud64_test_lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

expect 0 'self-play: 30 games' -- selfplay --game=davxar:pieces=6 --games=30 --depth=2 --seed=3 \
  "--out=$work/s.smp"
expect 0 'fit: integer network against float' -- fit "--data=$work/s.smp" --family=davxar \
  "--out=$work/n.lnet" --epochs=8 --batch=64 --rate=0.01 "--curve=$work/c.csv" --max-side-pieces=5
# The last epoch's validation loss is below the untrained network's.
first=$(sed -n 2p "$work/c.csv" | cut -d, -f5)
last=$(tail -1 "$work/c.csv" | cut -d, -f5)
check "validation loss $first -> $last falls" awk -v a="$first" -v b="$last" \
  'BEGIN { exit !(b < a - 0.02) }'
expect 0 'family   davxar' -- info "--net=$work/n.lnet"
expect 0 'judges   positions with at most 5 pieces a side' -- info "--net=$work/n.lnet"
expect 0 'origin   lud64-train fit --data=' -- info "--net=$work/n.lnet"

expect 2 'lud64-train fit: --epochs=0: expected a number from 1 to 10000' -- fit \
  "--data=$work/s.smp" --family=davxar "--out=$work/m.lnet" --epochs=0
expect 2 'lud64-train selfplay: guettal has no learned evaluation' -- selfplay --game=guettal \
  "--out=$work/g.smp"
expect 2 'unknown flag --speed' -- selfplay --game=davxar --games=1 "--out=$work/g.smp" --speed=2
expect 2 '--out is required' -- selfplay --game=davxar --games=1
expect 2 "lud64-train tables: .*$work/none" -- tables --game=davxar "--out=$work/t.smp" \
  "--tb=$work/none"
head -c 100 "$work/s.smp" > "$work/cut.smp"
expect 2 "sample file $work/cut.smp: 100 bytes for [0-9]+ samples: truncated or corrupt" -- fit \
  "--data=$work/cut.smp" --family=davxar "--out=$work/m.lnet"
cp "$work/s.smp" "$work/flipped.smp"
printf '\xff\xff\xff\xff\xff\xff\xff\xff' |
  dd "of=$work/flipped.smp" bs=1 seek=1000 conv=notrunc status=none
expect 2 "sample file $work/flipped.smp: checksum mismatch: the samples are corrupt" -- fit \
  "--data=$work/flipped.smp" --family=davxar "--out=$work/m.lnet"
printf 'x' | dd "of=$work/n.lnet" bs=1 seek=500 conv=notrunc status=none
expect 2 "network file $work/n.lnet: checksum mismatch: the file is corrupt" -- info \
  "--net=$work/n.lnet"
# The hand-written evaluation's terms of self-play positions, a CSV row each.
expect 0 'terms: 20 games' -- terms --game=davxar --games=20 --depth=3 --seed=3 "--out=$work/t.csv"
check "the header names the result and Davxar's terms" \
  grep -q '^result,placement_piece,placement_pending_removal,' "$work/t.csv"
check "one row per position, each with a result and every term" awk -F, \
  'NR > 1 && (NF != 25 || ($1 != 0 && $1 != 0.5 && $1 != 1)) { bad = 1; exit }
   END { exit bad || NR < 300 }' "$work/t.csv"
expect 2 'lud64-train terms: guettal has no evaluation terms' -- terms --game=guettal \
  "--out=$work/g.csv"
expect 2 'lud64-train terms: --out is required' -- terms --game=davxar
expect 2 'usage: lud64-train' -- bogus
for help in --help help; do
  usage=$("$lud64" "$help" 2> /dev/null)
  status=$?
  check "lud64-train $help: exit $status (0)" [ "$status" -eq 0 ]
  check "lud64-train $help: the usage on stdout" grep -q '^usage: lud64-train' <<< "$usage"
done

# Numbers: NaN and infinities are out of every range, integers plain digits.
for bad in "--rate=nan 1e-06 to 1" "--rate=inf 1e-06 to 1" "--validation=nan 0.001 to 0.5" \
  "--validation=-inf 0.001 to 0.5"; do
  only_line 2 "lud64-train fit: ${bad%% *}: expected a number from ${bad#* }" -- fit \
    "--data=$work/s.smp" --family=davxar "--out=$work/m.lnet" "${bad%% *}"
done
expect 2 'lud64-train tables: --share=nan: expected a number from 1e-06 to 1' -- tables \
  --game=davxar "--tb=$work/none" "--out=$work/t.smp" --share=nan
for bad in "--games= 1" "--games=+1" "--games=1x" "--games="; do
  only_line 2 "lud64-train selfplay: $bad: expected a number from 1 to 10000000" -- selfplay \
    --game=davxar "$bad" "--out=$work/g.smp"
done
expect 2 'lud64-train selfplay: --games given twice' -- selfplay --game=davxar --games=1 \
  --depth=1 --games=2 "--out=$work/g.smp"
# The family is one that lud64 loads a weight file into.
for bad in foo "" davxar:pieces=4; do
  expect 2 "lud64-train fit: --family=$bad: expected one of damdaman, damdaman-whole, davxar, davxar-whole, davxar-whole:lines=ludii, davxar:lines=ludii" \
    -- fit "--data=$work/s.smp" "--family=$bad" "--out=$work/m.lnet" --epochs=1
done
expect 0 "fit: $work/l.lnet written" -- fit "--data=$work/s.smp" --family=davxar:lines=ludii \
  "--out=$work/l.lnet" --epochs=1
expect 0 'family   davxar:lines=ludii' -- info "--net=$work/l.lnet"
# Outputs are checked before the work, which then never starts.
none="No such file or directory"
for out in "/nonexistent/x" "$work" ""; do
  case "$out" in
    "") error="--out is empty" ;;
    "$work") error="--out=$work: a directory, not a file" ;;
    *) error="--out=$out: cannot write there ($none)" ;;
  esac
  only_line 2 "lud64-train selfplay: $error" -- selfplay --game=davxar:pieces=6 --games=3 \
    --depth=1 "--out=$out"
  only_line 2 "lud64-train terms: $error" -- terms --game=davxar:pieces=6 --games=3 --depth=1 \
    "--out=$out"
  only_line 2 "lud64-train fit: $error" -- fit "--data=$work/s.smp" --family=davxar --epochs=1 \
    "--out=$out"
done
only_line 2 "lud64-train fit: --curve=/nonexistent/c.csv: cannot write there ($none)" -- fit \
  "--data=$work/s.smp" --family=davxar "--out=$work/m.lnet" --epochs=1 --curve=/nonexistent/c.csv
check "a failed fit writes no weight file" [ ! -e "$work/m.lnet" ]

# Ctrl-C: one line saying so, exit 130, and no partial file (one there
# before is left as it was); fit writes what it learned.
echo before > "$work/i.smp"
interrupt selfplay --game=davxar:pieces=6 --games=10000000 --depth=2 "--out=$work/i.smp"
check "selfplay: exit $status after Ctrl-C (130)" [ "$status" -eq 130 ]
check "selfplay: says it stopped" grep -qx "lud64-train selfplay: stopped by Ctrl-C; \
$work/i.smp not written" "$work/err"
check "selfplay: the file there before is kept" grep -qx before "$work/i.smp"
interrupt terms --game=davxar --games=10000000 --depth=2 "--out=$work/i.csv"
check "terms: exit $status after Ctrl-C (130)" [ "$status" -eq 130 ]
check "terms: says it stopped" grep -qx "lud64-train terms: stopped by Ctrl-C; $work/i.csv not \
written" "$work/err"
check "terms: no partial file" [ ! -e "$work/i.csv" ]
interrupt fit "--data=$work/s.smp" --family=davxar "--out=$work/i.lnet" --epochs=10000 \
  "--curve=$work/i.csv"
check "fit: exit $status after Ctrl-C (130)" [ "$status" -eq 130 ]
check "fit: says it writes the weights so far" grep -q 'interrupted; writing the weights so far' \
  "$work/err"
expect 0 'family   davxar' -- info "--net=$work/i.lnet"
check "fit: the curve so far" grep -q '^0\.[0-9],0,0,' "$work/i.csv"
check "no temporary file left behind" [ -z "$(find "$work" -name '*.tmp.*')" ]
finish
