#!/usr/bin/env bash
# `lud64 match --sprt` and opening books (`lud64 book`, --openings-file), end
# to end: decisions, reports, records, and every bad input an exit 2 with one
# line naming it. Usage: lud64_match_test.sh LUD64
lud64="$1"
source "$(dirname "$0")/lud64_test_lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A search beats random play: H1 of [0, 50] well before 600 games (all pairs
# won: about 24 pairs; [0, 10] takes about 105, too slow under the
# sanitizers); random against itself is no 100 Elo stronger: H0.
out=$("$lud64" match --game=davxar --p1=alphabeta:depth=3 --p2=random --games=600 --sprt=0,50 \
  --openings=4 --threads=2 --json 2>/dev/null)
check "depth 3 against random accepts H1: $out" grep -q '"result": "H1"' <<< "$out"
games=$(grep -o '"games": [0-9]*' <<< "$out" | grep -o '[0-9]*$')
check "H1 within 600 games ($games)" test "$games" -lt 600
pentanomial=$(grep -o '"pentanomial": \[[0-9, ]*\]' <<< "$out" | grep -o '[0-9, ]*\]' | tr -d ']')
sum=0; for n in ${pentanomial//,/ }; do sum=$((sum + n)); done
check "the pentanomial counts the pairs, half the games ($sum of $games)" test $((2 * sum)) -eq "$games"
for field in elo0 elo1 alpha beta llr lower upper result; do
  check "sprt JSON has $field" grep -q "\"sprt\": {.*\"$field\": " <<< "$out"
done
expect 0 'sprt +LLR -[0-9.]+ \(-2.94, 2.94\) \[0.00, 100.00\], H0 accepted' -- \
  match --game=davxar --p1=random --p2=random --games=2000 --sprt=0,100
expect 0 'Ptnml\(0-2\): \[[0-9]+, [0-9]+, [0-9]+, [0-9]+, [0-9]+\], 5 pairs' -- \
  match --game=davxar --p1=random --p2=random --games=10
expect 0 'pair elo .* nElo .* LOS ' -- match --game=davxar --p1=random --p2=random --games=10
expect 0 'LLR .*H0 accepted|LLR .*H1 accepted|no decision' -- match --game=damdaman \
  --p1=random --p2=random --games=8 --sprt=-10,10 --sprt-model=normalized

# One thread and a seed: the same games twice.
for run in 1 2; do
  "$lud64" match --game=davxar --p1=random --p2=alphabeta:depth=1 --games=8 --sprt=0,50 \
    --seed=7 --record="$work/seeded$run.txt" > "$work/seeded$run.out" 2>/dev/null
done
check "seeded SPRT matches repeat" cmp -s "$work/seeded1.txt" "$work/seeded2.txt"

# The header's engines follow the colours, and its result is the game's.
"$lud64" match --game=davxar --p1=alphabeta:depth=1 --p2=random --games=2 --openings=2 \
  --record="$work/tags.rec" > /dev/null 2>&1
check "game 1: the first engine is P1" grep -qxE '# \[Round "1"\] \[Game "davxar"\] \[P1 "alphabeta:depth=1"\] \[P2 "random"\] \[Opening "2 random decisions"\] \[Result "(1-0|0-1|1/2-1/2)"\]' "$work/tags.rec"
check "game 2: the first engine is P2" grep -qxE '# \[Round "2"\] \[Game "davxar"\] \[P1 "random"\] \[P2 "alphabeta:depth=1"\] \[Opening "2 random decisions"\] \[Result "(1-0|0-1|1/2-1/2)"\]' "$work/tags.rec"
tags=$(grep -o 'Result "[^"]*"' "$work/tags.rec" | sed 's/Result "1-0"/P1/; s/Result "0-1"/P2/; s|Result "1/2-1/2"|draw|' | tr '\n' ' ')
results=$("$lud64" replay --game=davxar < "$work/tags.rec" | cut -d' ' -f1 | tr '\n' ' ')
check "the tags' results are replay's: '$tags' '$results'" test "$tags" = "$results"

# Without --openings, each pair starts from 4 random decisions (Damdaman,
# whose start branches slowly: 8), so engines that repeat their games play
# different pairs; --openings=0 with them is warned about, and pairs that
# repeat an opening are counted. (The default was 0: every pair the same.)
deterministic=(--p1=alphabeta:depth=2 --p2=alphabeta:depth=1)
"$lud64" match --game=davxar "${deterministic[@]}" --games=4 --record="$work/default.rec" \
  > "$work/default.out" 2> "$work/default.err"
check "default openings: 4 decisions" grep -q 'openings of 4 decisions' "$work/default.out"
mapfile -t played < <(grep -v '^#' "$work/default.rec")
check "default openings: the pairs differ" test "${played[0]}" != "${played[2]}" -a "${played[1]}" != "${played[3]}"
check "default openings: no warning" bash -c "! grep -q warning '$work/default.err'"
expect 0 'openings of 8 decisions' -- match --game=damdaman --p1=random --p2=random --games=2
expect 0 '^lud64 match: warning: --openings=0 with engines that repeat their games \(no time limit\): every pair plays the same two games' -- \
  match --game=davxar "${deterministic[@]}" --games=4 --openings=0
# (Guettal's games are a few decisions long: Damdaman's, between depth-limited
# engines, last up to the turn limit, four minutes under ASan.)
expect 0 "^lud64 match: warning: [0-9]+ of 20 pairs repeat an earlier pair's opening" -- \
  match --game=guettal "${deterministic[@]}" --games=40 --openings=1
out=$("$lud64" match --game=davxar --p1=random --p2=random --games=4 --openings=0 2>&1)
check "no warning for engines that vary: $out" bash -c "! grep -q warning <<< \"\$1\"" _ "$out"

# Books: lud64 book writes distinct openings, the same for the same seed.
"$lud64" book --game=davxar --count=20 --plies=6 --balanced=2 --seed=3 > "$work/book1.txt"
"$lud64" book --game=davxar --count=20 --plies=6 --balanced=2 --seed=3 > "$work/book2.txt"
check "book: the same seed writes the same book" cmp -s "$work/book1.txt" "$work/book2.txt"
lines=$(grep -vc '^#' "$work/book1.txt")
check "book: 20 openings ($lines)" test "$lines" -eq 20
distinct=$(grep -v '^#' "$work/book1.txt" | sort -u | wc -l)
check "book: all distinct ($distinct)" test "$distinct" -eq 20
plies=$(grep -v '^#' "$work/book1.txt" | awk '{print NF}' | sort -u)
check "book: 6 decisions each ($plies)" test "$plies" = 6
expect 2 '^lud64: --count=13: only 12 distinct openings of 1 decisions' -- \
  book --game=guettal --count=13 --plies=1

# Books balanced by score: each line's depth-4 score, as bestmove reports it,
# lies within the window; the header names the window.
"$lud64" book --count=4 --plies=8 --score-depth=4 --min-score=10 --max-score=120 --seed=2 \
  > "$work/scored.txt" 2>/dev/null
check "scored book: the header names the window" \
  grep -qx '# lud64 book --game=davxar --count=4 --plies=8 --score-depth=4 --min-score=10 --max-score=120 --seed=2' "$work/scored.txt"
check "scored book: 4 openings" test "$(grep -vc '^#' "$work/scored.txt")" -eq 4
while read -r line; do
  score=$("$lud64" bestmove --depth=4 --moves="$line" | grep '^info depth 4 ' | grep -o 'score cp -\?[0-9]*' | grep -o '[0-9]*$')
  check "scored book: '$line' scores within 10 to 120 ($score)" test -n "$score" -a "${score:-0}" -ge 10 -a "${score:-0}" -le 120
done < <(grep -v '^#' "$work/scored.txt")

# A book of both kinds of line, used in order: each pair starts from its line.
opening=$(grep -v '^#' "$work/book1.txt" | head -1)
three=$(cut -d' ' -f1-3 <<< "$opening")
four=$(cut -d' ' -f1-4 <<< "$opening")
position=$("$lud64" replay --game=davxar <<< "$three" | cut -d' ' -f2-)
cat > "$work/mixed.txt" <<BOOK
# two openings: a position, then decisions

$position
$four
BOOK
expect 0 'openings from .*mixed.txt' -- match --game=davxar --p1=random --p2=random --games=4 \
  "--openings-file=$work/mixed.txt" --record="$work/mixed.rec"
check "games 1-2 start at the book's position" test "$(grep -c "^fen $position moves " "$work/mixed.rec")" -eq 2
check "games 3-4 start with the book's decisions" test "$(grep -c "^$four " "$work/mixed.rec")" -eq 2
# Each recorded game has a '#' line of tags before it: round, game, the
# engines by colour, the opening (the book's line), the result.
check "four headers" test "$(grep -c '^# \[Round "[1-4]"\] \[Game "davxar"\] \[P1 "random"\] \[P2 "random"\] ' "$work/mixed.rec")" -eq 4
check "games 1-2: the book's line 3" test "$(grep -cF "[Opening \"$work/mixed.txt:3\"]" "$work/mixed.rec")" -eq 2
check "games 3-4: the book's line 4" test "$(grep -cF "[Opening \"$work/mixed.txt:4\"]" "$work/mixed.rec")" -eq 2
replayed=$("$lud64" replay --game=davxar < "$work/mixed.rec")
check "replay reads the record, fen lines too: $replayed" \
  test "$(grep -Ec '^(P1|P2|draw) ' <<< "$replayed")" -eq 4
expect 0 'games +6 of 6' -- match --game=davxar --p1=random --p2=random --games=6 \
  "--openings-file=$work/book1.txt"

# Bad input: one line, exit 2, nothing played.
match=(match --game=davxar --p1=random --p2=random)
expect 2 '^lud64: --sprt=10,0: ELO0 must be below ELO1' -- "${match[@]}" --games=10 --sprt=10,0
expect 2 '^lud64: --sprt=5: must be two Elo bounds' -- "${match[@]}" --games=10 --sprt=5
expect 2 '^lud64: --sprt=a,b: must be two Elo bounds' -- "${match[@]}" --games=10 --sprt=a,b
expect 2 '^lud64: --alpha=0.5: must be above 0 and below 0.5' -- "${match[@]}" --games=10 --sprt=0,10 --alpha=0.5
expect 2 '^lud64: --beta=0: must be above 0 and below 0.5' -- "${match[@]}" --games=10 --sprt=0,10 --beta=0
expect 2 '^lud64: --games=11: --sprt counts pairs' -- "${match[@]}" --games=11 --sprt=0,10
expect 2 '^lud64: --sprt-model=bayes: unknown model' -- "${match[@]}" --games=10 --sprt=0,10 --sprt-model=bayes
expect 2 '^lud64: --alpha applies only with --sprt' -- "${match[@]}" --games=10 --alpha=0.1
expect 2 "^lud64: $work/none.txt: cannot read this file" -- "${match[@]}" --games=2 "--openings-file=$work/none.txt"
expect 2 "^lud64: $work: cannot read this file" -- "${match[@]}" --games=2 "--openings-file=$work"
printf '# nothing\n\n' > "$work/empty.txt"
expect 2 "^lud64: $work/empty.txt: holds no opening" -- "${match[@]}" --games=2 "--openings-file=$work/empty.txt"
first=$(cut -d' ' -f1 <<< "$opening")
printf '%s\n# fine above, not below\n%s %s\n' "$three" "$first" "$first" > "$work/illegal.txt"
expect 2 "^lud64: $work/illegal.txt:3: ply 2: illegal decision '$first' in .*; legal are " -- "${match[@]}" --games=2 "--openings-file=$work/illegal.txt"
printf '%s\nnot a position\n' "$first" > "$work/garbage.txt"
expect 2 "^lud64: $work/garbage.txt:2: neither a position nor decisions" -- "${match[@]}" --games=2 "--openings-file=$work/garbage.txt"
expect 2 '^lud64: --openings-file replaces random openings' -- "${match[@]}" --games=2 --openings=2 "--openings-file=$work/book1.txt"
expect 2 '^lud64: book needs --count=N and --plies=K' -- book --game=davxar --count=3
expect 2 '^lud64: --plies=1001: must be 1 to 1000' -- book --game=davxar --count=3 --plies=1001
expect 2 '^lud64: --score-depth needs --max-score=CP' -- book --count=3 --plies=8 --score-depth=5
expect 2 '^lud64: --max-score applies only with --score-depth' -- book --count=3 --plies=8 --max-score=50
expect 2 '^lud64: --min-score applies only with --score-depth' -- book --count=3 --plies=8 --min-score=5
expect 2 '^lud64: --score-depth=0: must be 1 to 30' -- book --count=3 --plies=8 --score-depth=0 --max-score=50
expect 2 '^lud64: --score-depth=31: must be 1 to 30' -- book --count=3 --plies=8 --score-depth=31 --max-score=50
expect 2 '^lud64: --max-score=-1: must be 0 to 100000' -- book --count=3 --plies=8 --score-depth=5 --max-score=-1
expect 2 '^lud64: --min-score=60: must be 0 to 50 \(--max-score\)' -- book --count=3 --plies=8 --score-depth=5 --max-score=50 --min-score=60
expect 2 '^lud64: --count=3: only [0-9]+ distinct openings of 1 decisions kept of [0-9]+ random draws; .*widen the score window' -- \
  book --count=3 --plies=1 --score-depth=2 --min-score=9999 --max-score=10000
out=$("$lud64" "${match[@]}" --games=10 --sprt=10,0 2>/dev/null)
check "nothing played on bad input" test -z "$out"

finish
