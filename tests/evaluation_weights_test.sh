#!/usr/bin/env bash
# networks/davxar.weights and the build's check of a weights file
# (boards/evaluation_weights.cmake): the file in the repository passes and
# gives its 24 weights; a damaged, edited, short, other-version or other-game
# file, or none, stops the build with a message naming the file and what.
# Usage: evaluation_weights_test.sh CMAKE
set -uo pipefail
cmake="$1"
lud64=true  # the library's `expect` is not used here
source "$(dirname "$0")/lud64_test_lib.sh"
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
script="$source_dir/boards/evaluation_weights.cmake"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# read_weights FILE: the check's output on one line (CMake wraps its
# messages), its exit status kept.
read_weights() {
  local output status
  output=$("$cmake" "-DINPUT=$1" -DGAME=davxar -DCOUNT=24 "-DOUTPUT=$work/out.h" -P "$script" 2>&1)
  status=$?
  tr -s ' \n' ' ' <<< "$output"
  return $status
}
# reseal FILE: a new checksum line for the lines above it (an edit made with
# the format's own tools, so that the other checks are reached).
reseal() {
  grep -v '^checksum ' "$1" > "$work/body"
  { cat "$work/body"; echo "checksum $(sha256sum "$work/body" | cut -c1-16)"; } > "$1"
}
refused() {  # refused PATTERN FILE: the check fails and names the file and PATTERN
  local output
  if output=$(read_weights "$2"); then
    echo "FAIL: $2 was accepted"; failed=$((failed + 1)); return
  fi
  check "$2 refused with /$1/ (got: $output)" grep -Eq -- "$2: $1" <<< "$output"
}

check "the repository's file passes" read_weights "$source_dir/networks/davxar.weights"
check "its header holds 24 weights" \
  test "$(grep -Ec '^    -?[0-9]+,$' "$work/out.h")" -eq 24
check "its weights are the file's, in order" test \
  "$(grep -Eo -- '-?[0-9]+,$' "$work/out.h" | tr -d ',' | tr '\n' ' ')" = \
  "$(grep -E '^[a-z_]+ -?[0-9]+$' "$source_dir/networks/davxar.weights" | cut -d' ' -f2 | tr '\n' ' ')"
cp "$source_dir/networks/davxar.weights" "$work/good"
cp "$work/good" "$work/copy" && reseal "$work/copy"
check "reseal leaves a good file as it is" cmp -s "$work/good" "$work/copy"

sed 's/^movement_piece 255$/movement_piece 256/' "$work/good" > "$work/edited"
check "the edit took" bash -c "! cmp -s $work/good $work/edited"
refused 'checksum mismatch' "$work/edited"
head -n -1 "$work/good" > "$work/unsealed"
refused 'no checksum line' "$work/unsealed"
sed '1s/ 1$/ 2/' "$work/good" > "$work/version" && reseal "$work/version"
refused "line 1: .*another format version" "$work/version"
sed 's/^game davxar$/game damdaman/' "$work/good" > "$work/game" && reseal "$work/game"
refused "line 2: the weights of 'damdaman', expected 'davxar'" "$work/game"
grep -v '^movement_their_blocked ' "$work/good" > "$work/short" && reseal "$work/short"
refused '23 weights, expected 24' "$work/short"
sed 's/^movement_piece 255$/movement_piece 2.5/' "$work/good" > "$work/bad" && reseal "$work/bad"
refused "line [0-9]+: 'movement_piece 2.5' is not 'term weight'" "$work/bad"
refused 'no such file' "$work/none"
sed 's/^movement_piece 255$/movement_piece 0255/' "$work/good" > "$work/octal" && reseal "$work/octal"
refused "line [0-9]+: 'movement_piece 0255' is not 'term weight'" "$work/octal"
{ echo; cat "$work/good"; } > "$work/blank" && reseal "$work/blank"
refused "line 1: '', expected 'lud64-evaluation-weights 1'" "$work/blank"
sed 's/^command .*/command a\\/' "$work/good" > "$work/backslash" && reseal "$work/backslash"
sed -i 's/^fit .*/junk line/' "$work/backslash" && reseal "$work/backslash"
refused "line [0-9]+: 'junk line' is not 'term weight'" "$work/backslash"
{ cat "$work/good"; echo "movement_piece 999"; } > "$work/after"
refused 'text after the checksum line' "$work/after"
# ';' and '[' split or join CMake's lists: a command line holding them is read.
sed 's/^command .*/command a [b; c/' "$work/good" > "$work/odd" && reseal "$work/odd"
check "a command line with ';' and '[' is read" read_weights "$work/odd"
finish
