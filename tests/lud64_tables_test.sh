#!/usr/bin/env bash
# End-to-end checks of the lud64 commands that use endgame tables (tb, and
# bestmove, solve, match and accuracy with --tb): what they print, and that bad
# input gets a clear message and a non-zero exit. Apart from
# lud64_command_test.sh so that ctest runs the two at once.
# Usage: lud64_tables_test.sh LUD64
set -uo pipefail
lud64="$1"
source "$(dirname "$0")/lud64_test_lib.sh"

# tb: a small Damdaman build in a fresh directory, then probe, info, verify.
tbdir=$(mktemp -d)
trap 'rm -rf "$tbdir"' EXIT
expect 0 '2v2' -- tb build --game=damdaman --upto=2 "--tb=$tbdir"
expect 0 '"value": "win", "turns": 1, "plies": 1, "best": "E6-D6"' -- tb probe --game=damdaman "--tb=$tbdir" --json '--position=......./....x../...o.../...x.../......./......./....... x'
expect 0 'draw for the player to move' -- tb probe --game=damdaman "--tb=$tbdir" '--position=x....../......./..o..../......./....x../......./.....o. x'
# Without --position, probe reads positions from stdin, and says so: in its
# help, on stderr when stdin is a terminal (script(1) gives it one), and by
# an error when stdin holds no position.
win1='......./....x../...o.../...x.../......./......./....... x'
out=$(printf '\n%s\n' "$win1" | "$lud64" tb probe --game=damdaman "--tb=$tbdir" 2>&1)
check "probe reads stdin: $out" grep -q 'win in 1 turns' <<< "$out"
only_line 2 "lud64: tb probe: no position to probe: give --position=P, or positions on standard input, one a line" -- \
  tb probe --game=damdaman "--tb=$tbdir"
out=$(printf '\n\n' | "$lud64" tb probe --game=damdaman "--tb=$tbdir" 2>&1)
check "probe: blank lines only are no position: exit $? '$out'" grep -q '^lud64: tb probe: no position to probe' <<< "$out"
expect 0 '--position: probe: the position to probe \(default: none: positions are read from standard input, one a line\)$' -- tb --help
if command -v script > /dev/null; then
  out=$(printf '%s\n' "$win1" | timeout 20 script -qec "'$lud64' tb probe --game=damdaman '--tb=$tbdir'" /dev/null 2>&1)
  check "probe on a terminal: a hint, then the answer: $out" bash -c \
    'grep -q "^lud64 tb probe: reading positions from standard input, one a line; Ctrl-D ends" <<< "$1" && grep -q "win in 1 turns" <<< "$1"' _ "$out"
else
  echo "skipped: no script(1) to give probe a terminal"
fi
# A position far outside the tables is named at once, not indexed (indexing 24 v 24 hung).
expect 1 'slice 24v24 of damdaman is not in the tablebase' -- tb probe --game=damdaman "--tb=$tbdir" --position=start
expect 0 '2v2 .* positions' -- tb info --game=damdaman "--tb=$tbdir"
expect 0 ': 0 mismatches' -- tb verify --game=damdaman "--tb=$tbdir"
# Without --game, info and verify take the family the files name.
expect 0 '^damdaman in .*: 4 slices' -- tb info "--tb=$tbdir"
expect 0 'verified [0-9]+ positions: 0 mismatches' -- tb verify "--tb=$tbdir"
mkdir "$tbdir/mixed" && cp "$tbdir"/damdaman_1v1*.lud64tb "$tbdir/mixed/"
expect 0 '2v1' -- tb build --game=davxar --upto=2v1 "--tb=$tbdir/mixed"
expect 2 'holds tables of damdaman, davxar: name one with --game' -- tb info "--tb=$tbdir/mixed"
expect 0 '^davxar in ' -- tb info --game=davxar "--tb=$tbdir/mixed"
expect 1 'no tablebase in .*/none' -- tb verify "--tb=$(mkdir "$tbdir/none" && echo "$tbdir/none")"
expect 0 'verified [0-9]+ positions: 0 mismatches' -- tb verify --game=damdaman --threads=2 "--tb=$tbdir"
expect fail '--threads applies only with tb build, tb verify and tb compress' -- tb probe --game=damdaman --threads=2 "--tb=$tbdir" --position=start
expect fail '--threads=0: must be 1 to 256' -- tb verify --game=damdaman --threads=0 "--tb=$tbdir"
expect fail 'slice 4v2 of damdaman is not in the tablebase' -- tb probe --game=damdaman "--tb=$tbdir" '--position=xxx..../......./..o..../......./....x../......./.....o. x'
expect 0 'value +win in 1 turns \(1 plies\) for P1 \(to move\), from the endgame tables' -- solve --game=damdaman "--tb=$tbdir" '--position=......./....x../...o.../...x.../......./......./....... x'
expect 0 'info tablebase win in 1 turns' -- bestmove --game=damdaman "--tb=$tbdir" '--position=......./....x../...o.../...x.../......./......./....... x'
expect 0 'bestmove E6-D6' -- bestmove --game=damdaman "--tb=$tbdir" '--position=......./....x../...o.../...x.../......./......./....... x'
# accuracy: engines judged by the tables on a file of positions (a win in 1,
# then a position outside the tables: named by its line).
positions="$tbdir/positions.txt"
printf '%s\n' '# two pieces against one' '......./....x../...o.../...x.../......./......./....... x' > "$positions"
expect 0 '"engine": "alphabeta:depth=2", "seconds": [0-9.]+, "all": \{"decisions": 1, "lost": \{"count": 0' -- accuracy --game=damdaman "--tb=$tbdir" "--positions-file=$positions" --engine=alphabeta:depth=2 --engine=random --json
expect 0 'movement +0.0% \(0.0-79.3\) +of 1' -- accuracy --game=damdaman "--tb=$tbdir" "--positions-file=$positions" --engine=alphabeta:depth=2
expect 2 'accuracy needs --engine=SPEC' -- accuracy --game=damdaman "--tb=$tbdir"
expect 2 '--phase=middle: expected placement, movement or all' -- accuracy --game=damdaman "--tb=$tbdir" --engine=random --phase=middle
expect 2 '--positions=0: must be 1 to 100000' -- accuracy --game=damdaman "--tb=$tbdir" --engine=random --positions=0
expect 2 'exclude each other' -- accuracy --game=damdaman "--tb=$tbdir" --engine=random --positions=3 "--positions-file=$positions"
expect 2 'accuracy measures engines without tables' -- accuracy --game=damdaman "--tb=$tbdir" "--engine=alphabeta:tb=$tbdir"
expect 2 'guettal has no tablebase' -- accuracy --game=guettal --engine=random
echo start >> "$positions"
expect 2 'positions.txt:3: the tables at .* do not hold this position' -- accuracy --game=damdaman "--tb=$tbdir" "--positions-file=$positions" --engine=random
# Outside the tables (2 v 3), the search scores table positions exactly.
expect 0 'bestmove' -- bestmove --game=damdaman "--tb=$tbdir" --depth=4 '--position=o....../....x../...o.../...x.../......./......./....... x'
expect 0 'proven draw' -- bestmove --engine=mcts --iterations=2000 --game=damdaman "--tb=$tbdir" '--position=o....../....x../...o.../...x.../......./......./....... x'
# A match of engines with tables, from a position the tables hold, won in one
# by the side to move (a game from the start, or from three pieces against
# two, shuffles to the turn limit: a minute under the sanitizers).
echo '......./....x../...o.../...x.../......./......./....... x' > "$tbdir/near.book"
expect 0 'result +1 wins, 1 losses, 0 draws' -- match --game=damdaman "--p1=alphabeta:depth=2,tb=$tbdir" "--p2=mcts:iterations=200,tb=$tbdir" --games=2 "--openings-file=$tbdir/near.book"
expect fail "engine 'alphabeta:tb=/nonexistent': tablebase directory" -- match --game=damdaman --p1=alphabeta:tb=/nonexistent --p2=random --games=2
expect 2 'guettal has no tablebase' -- tb probe --game=guettal "--position=start"
expect 2 'guettal has no tablebase' -- tb build --game=guettal --upto=2 "--tb=$tbdir/guettal"
expect fail 'unknown action .frob.' -- tb frob
expect fail 'needs an action first' -- tb --game=damdaman
# Without --memory, a build over the machine's memory is refused with its
# estimate before anything is built (Damdaman up to 6 v 6 needs petabytes).
expect fail 'building damdaman needs about [0-9]+ MiB .* over the --memory limit of [0-9]+ MiB' -- tb build --game=damdaman --upto=6 "--tb=$tbdir/refused"
check "a refused build creates no directory" test ! -e "$tbdir/refused"
expect fail "--upto '17': expected N" -- tb build --game=davxar --upto=17
expect fail "--upto '3v4': expected N" -- tb build --game=davxar --upto=3v4
expect fail '--upto applies only with tb build' -- tb probe --game=damdaman --upto=2
# Compressed files (format 2, the default) equal a plain build (--nocompress)
# converted by tb compress, byte for byte; info states their bits a position.
expect 0 'compressed: [0-9]+ positions; win/draw/loss [0-9.]+ bits/position, distances [0-9.]+ bits/position' -- tb info --game=damdaman "--tb=$tbdir"
expect 0 '2v2' -- tb build --game=damdaman --upto=2 --nocompress "--tb=$tbdir/plain"
expect 0 'compressed 4 files: [0-9]+ bytes to [0-9]+ .*; 0 were in format 4 already' -- tb compress "--tb=$tbdir/plain"
check "tb compress writes what tb build writes" diff -r "$tbdir/plain" "$(mkdir -p "$tbdir/again" && cp "$tbdir"/damdaman_*.lud64tb "$tbdir/again" && echo "$tbdir/again")"
expect 0 'compressed 0 files: .*; 4 were in format 4 already' -- tb compress --game=damdaman "--tb=$tbdir/plain"
expect fail '--compress applies only with tb build' -- tb probe --game=damdaman --nocompress "--tb=$tbdir" --position=start
# A damaged block: the probe that reads it names the file and the block, the
# engines say so once and search on without it, verify finds the checksum.
near='......./....x../...o.../...x.../......./......./....... x'
cut="$(ls "$tbdir"/plain/damdaman_2v1*.lud64tb)"
first=$(od -An -t u8 -j 152 -N 8 "$cut" | tr -d ' ')  # the results' blocks, and how many
for ((b = 0; b < $(od -An -t u8 -j 160 -N 8 "$cut" | tr -d ' '); b++)); do
  printf '\x5a' | dd of="$cut" bs=1 seek=$((first + 64 * b + 9)) conv=notrunc status=none
done
expect 1 'damdaman_2v1_h0-0.lud64tb: block [0-9]+ of the win/draw/loss values is corrupt' -- tb probe --game=damdaman "--tb=$tbdir/plain" "--position=$near"
expect 0 'damdaman_2v1_h0-0.lud64tb: block [0-9]+ of the win/draw/loss values is corrupt' -- bestmove --game=damdaman "--tb=$tbdir/plain" --depth=2 "--position=$near"
expect 1 'damdaman_2v1_h0-0.lud64tb: checksum mismatch' -- tb verify "--tb=$tbdir/plain"
head -c 200 "$tbdir"/damdaman_2v2*.lud64tb > "$tbdir/cut" && mv "$tbdir/cut" "$(ls "$tbdir"/damdaman_2v2*.lud64tb)"
expect fail 'damdaman_2v2' -- tb info --game=damdaman "--tb=$tbdir"

finish
