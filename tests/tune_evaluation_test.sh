#!/usr/bin/env bash
# The weights of the hand-written evaluation fitted to game results (seconds):
# tools/train/tune_evaluation.py fits weights to the terms `lud64-train terms`
# writes (train_test.sh checks those) that predict the held-out results better
# than no evaluation at all, and writes them as a weights file the build
# accepts; bad input is a one-line error.
# Usage: tune_evaluation_test.sh LUD64_TRAIN PYTHON CMAKE
set -uo pipefail
lud64="$1"  # the helpers run $lud64
python="$2"
cmake="$3"
source "$(dirname "$0")/lud64_test_lib.sh"
tune="$(dirname "$0")/../tools/train/tune_evaluation.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

expect 0 'terms: 60 games' -- terms --game=davxar --games=60 --depth=3 --seed=3 "--out=$work/t.csv"
# All-zero weights predict every result as even (cross-entropy ln 2 = 0.693);
# the fitted ones, mostly material, must do clearly better on held-out games.
zeros=$(printf '0,%.0s' $(seq 23))0
output=$("$python" "$tune" "$work/t.csv" "--current=$zeros" 2>&1)
current=$(sed -n 's/^held-out cross-entropy: current *//p' <<< "$output")
fitted=$(sed -n 's/^held-out cross-entropy: fitted *//p' <<< "$output")
check "held-out cross-entropy $current -> $fitted falls" awk -v a="$current" -v b="$fitted" \
  'BEGIN { exit !(a > 0.69 && b < a - 0.1) }'
check "a weight per term" test "$(grep -c '^placement_\|^movement_' <<< "$output")" -eq 24
# --out: the file the build reads (boards/evaluation_weights.cmake checks it).
"$python" "$tune" "$work/t.csv" "--out=$work/fitted.weights" > /dev/null
check "--out writes a weights file the build accepts" "$cmake" "-DINPUT=$work/fitted.weights" \
  -DGAME=davxar -DCOUNT=24 "-DOUTPUT=$work/fitted.h" -P "$(dirname "$0")/../boards/evaluation_weights.cmake"
check "--out's weights are the printed ones" test \
  "$(grep -Eo -- '-?[0-9]+,$' "$work/fitted.h" | tr -d '\n' | sed 's/,$//')" = \
  "$(sed -n 's/^weights //p' <<< "$output")"
# The fit's bad input: a non-zero exit and one line naming what.
tune_fails() {
  local pattern="$1" output
  shift
  if output=$("$python" "$tune" "$@" 2>&1); then
    echo "FAIL: tune_evaluation.py $* succeeded"; failed=$((failed + 1)); return
  fi
  check "tune_evaluation.py $* says /$pattern/ on one line" \
    test "$(grep -Ec -- "$pattern" <<< "$output")" -eq 1 -a "$(wc -l <<< "$output")" -eq 1
}
tune_fails "$work/none.csv: .*No such file" "$work/none.csv"
echo 'a,b' > "$work/other.csv"
tune_fails "$work/other.csv: not a terms file" "$work/other.csv"
tune_fails '--current: 24 weights expected, 2 given' "$work/t.csv" --current=1,2
finish
