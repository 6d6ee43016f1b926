#!/usr/bin/env bash
# Makes networks/davxar.lnet, networks/davxar-ludii.lnet and
# networks/damdaman.lnet from scratch, with their learning curves (README.md).
# About an hour and a half (Davxar's self-play, one core, is most of it).
# Usage: tools/train/train.sh [BUILD_DIR] [WORK_DIR]
set -euo pipefail
build=${1:-build/release}
work=${2:-train}
lud64=$build/tools/lud64/lud64
train=$build/tools/train/lud64-train
mkdir -p "$work"
# line set, family, output name, the two self-play seeds
for set in "historical davxar davxar 11 12" "ludii davxar:lines=ludii davxar-ludii 14 13"; do
  read -r lines family name seed_a seed_b <<< "$set"
  tb=$work/tb-$lines
  $lud64 tb build "--game=davxar:pieces=4,lines=$lines" "--tb=$tb" --threads=2
  $train tables "--game=davxar:pieces=4,lines=$lines" "--tb=$tb" --games=40000 --seed=1001 \
    "--out=$work/$name-t4.smp"
  $train tables "--game=davxar:pieces=3,lines=$lines" "--tb=$tb" --games=20000 --seed=2001 \
    "--out=$work/$name-t3.smp"
  $train selfplay "--game=davxar:lines=$lines" --games=4000 --depth=5 "--seed=$seed_a" \
    "--out=$work/$name-sa.smp"
  $train selfplay "--game=davxar:lines=$lines" --games=6000 --depth=5 "--seed=$seed_b" \
    "--out=$work/$name-sb.smp"
  sa=$work/$name-sa.smp
  sb=$work/$name-sb.smp
  $train fit "--data=$work/$name-t4.smp,$work/$name-t3.smp,$sa,$sa,$sa,$sb,$sb,$sb" \
    "--family=$family" "--out=$work/$name.lnet" --epochs=6 --seed=1 --max-side-pieces=4 \
    "--curve=$work/$name.csv"
  python3 "$(dirname "$0")/plot_curve.py" "$work/$name.csv" "$work/$name.svg" \
    "$name.lnet: learning curve"
done
# Damdaman: 3-piece endgames valued by the tables (random games from the start
# reach them late: --plies=5000 plays each to its end, the 2500-turn limit),
# 20 s; the fit about a minute.
tb=$work/tb-damdaman
$lud64 tb build --game=damdaman --upto=3 "--tb=$tb" --threads=2
$train tables --game=damdaman "--tb=$tb" --games=150000 --seed=1001 --plies=5000 \
  "--out=$work/damdaman-t3.smp"
# In the work directory, so that the file's header names its inputs as they were made.
train_path=$(realpath "$train")
(cd "$work" && "$train_path" fit --data=damdaman-t3.smp --family=damdaman \
  --out=damdaman.lnet --epochs=4 --seed=1 --max-side-pieces=3 --curve=damdaman.csv)
python3 "$(dirname "$0")/plot_curve.py" "$work/damdaman.csv" "$work/damdaman.svg" \
  "damdaman.lnet: learning curve"
