#!/usr/bin/env bash
# lud64-train end to end on tiny data (seconds): self-play samples, a fit
# whose validation loss falls, the weight file it writes, the evaluation terms
# of self-play positions, and bad input with a one-line error and exit 2.
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
finish
