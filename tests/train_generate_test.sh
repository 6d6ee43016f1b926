#!/usr/bin/env bash
# lud64-train generate on tiny data (seconds): labelled self-play games, the
# same games whatever the threads, a run resumed after it stopped (and after a
# block cut by a crash) giving the games of one run, bad input with a
# one-line error and exit 2, Ctrl-C with exit 130 and whole games only, and
# fit training on the file.
# Table labels: train_tables_test.sh.
# Usage: train_generate_test.sh LUD64_TRAIN
set -uo pipefail
lud64="$1"  # the helpers run $lud64
source "$(dirname "$0")/lud64_test_lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
small=(--game=davxar --pieces=4-6 --depth=2 --seed=9)
# The games without the header (which holds the command line).
games() { grep -v '^#' "$1"; }

expect 0 'generate: 6 games, [0-9]+ positions in' -- generate "${small[@]}" --games=6 \
  "--out=$work/a.txt"
check "a header, then blocks: a game line and its positions" awk '
  NR == 1 { if ($0 !~ /^# lud64-train generate /) exit 1; next }
  left == 0 { if ($1 != "game" || NF != 6) exit 1; left = $6; games++; next }
  { if ($2 != 1 && $2 != 0.5 && $2 != 0 || $3 != "-" || $4 !~ /^[xo.\/]+$/) exit 1; left-- }
  END { exit left != 0 || games != 6 }' "$work/a.txt"
check "pieces 4 to 6 in turn" grep -q '^game 2 davxar:pieces=6 ' "$work/a.txt"
check "a game's result, 1 for the winner's positions" awk '
  $1 == "game" { result = $4; next }
  result == "1-0" && $5 == "x" && $2 != 1 { exit 1 }
  result == "0-1" && $5 == "x" && $2 != 0 { exit 1 }' "$work/a.txt"

# Two threads play the same games, in any order.
expect 0 'generate: 6 games' -- generate "${small[@]}" --games=6 --threads=2 "--out=$work/t.txt"
check "the same positions with two threads" cmp <(games "$work/a.txt" | sort) \
  <(games "$work/t.txt" | sort)

# Resumed: 3 games, then 6 on the same file, append the 3 missing.
expect 0 'generate: 3 games' -- generate "${small[@]}" --games=3 "--out=$work/r.txt"
expect 0 'resuming .*: 3 games' -- generate "${small[@]}" --games=6 "--out=$work/r.txt"
check "a resumed file holds the games of one run" cmp <(games "$work/a.txt") <(games "$work/r.txt")
# A block cut short (a crash while writing) is dropped and played again.
head -c -40 "$work/a.txt" > "$work/c.txt"
expect 0 'resuming .*: 5 games' -- generate "${small[@]}" --games=6 "--out=$work/c.txt"
check "a cut block played again" cmp <(games "$work/a.txt") <(games "$work/c.txt")

# Bad input: one line, exit 2, nothing written.
only_line 2 "lud64-train generate: --pieces=9-3: expected a count or a range such as 3-16" -- \
  generate --game=davxar --pieces=9-3 "--out=$work/x.txt"
only_line 2 "lud64-train generate: --depth=0 needs --nodes: the search needs a limit" -- \
  generate --game=davxar --depth=0 "--out=$work/x.txt"
only_line 2 "lud64-train generate: --games=0: expected a number from 1 to 1099511627776" -- \
  generate --game=davxar --games=0 "--out=$work/x.txt"
printf 'game 0 davxar 1-0 10 1\nnonsense\n' > "$work/bad.txt"
only_line 2 "lud64-train generate: $work/bad.txt: line 2: expected a position line; not a file of lud64-train generate" -- \
  generate --game=davxar "--out=$work/bad.txt"
check "no file made by bad input" [ ! -e "$work/x.txt" ]

# fit trains on generate's files: whole games held out, the loss against
# their results, a whole-game family leaving the endgame positions out.
expect 0 'fit: 6 generated games: [0-9]+ training positions, [0-9]+ held out, 0 left' -- \
  fit "--data=$work/a.txt" --family=davxar "--out=$work/e.lnet" --epochs=1 --validation=0.3
expect 0 'against results 0\.[0-9]+' -- fit "--data=$work/a.txt" --family=davxar-whole \
  "--out=$work/w.lnet" --epochs=2 --blend=0.5 --validation=0.5 "--curve=$work/w.csv"
expect 0 'fit: 6 generated games: .* [1-9][0-9]* left to the endgame network' -- fit \
  "--data=$work/a.txt" --family=davxar-whole "--out=$work/w.lnet" --epochs=1 --validation=0.5
expect 0 'family   davxar-whole' -- info "--net=$work/w.lnet"
check "the curve's loss against results" awk -F, '
  NR == 1 { ok = $7 == "validation_result_loss"; next }
  { ok = ok && $7 ~ /^0\.[0-9]+$/ }
  END { exit !ok || NR < 3 }' "$work/w.csv"
only_line 2 "lud64-train fit: --blend=2: expected a number from 0 to 1" -- fit "--data=$work/a.txt" \
  --family=davxar-whole "--out=$work/x.lnet" --blend=2
only_line 2 "lud64-train fit: generate file $work/bad.txt: line 2: expected a line \`<score> <result> <table> <position>\`" \
  -- fit "--data=$work/bad.txt" --family=davxar-whole "--out=$work/x.lnet"

# Ctrl-C: exit 130, whole games only, and the same command resumes.
interrupt generate --game=davxar --depth=4 --games=1000 "--out=$work/i.txt"
check "Ctrl-C: exit $status (130)" [ "$status" -eq 130 ]
check "Ctrl-C: says how to resume" grep -q 'stopped by Ctrl-C; .* the same command resumes' \
  "$work/err"
expect 0 'generate: [01] games' -- generate --game=davxar --depth=4 --games=1 "--out=$work/i.txt"

finish
