#!/usr/bin/env bash
# lud64-train end to end on tiny data (seconds): self-play samples, a fit
# whose validation loss falls, the weight file it writes, and bad input with
# a one-line error and exit 2.
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
expect 2 'usage: lud64-train' -- bogus
finish
