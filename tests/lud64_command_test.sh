#!/usr/bin/env bash
# End-to-end checks of the lud64 command: what it prints, and that bad input
# gets a clear message and a non-zero exit. Usage: lud64_command_test.sh LUD64
set -uo pipefail
lud64="$1"
source "$(dirname "$0")/lud64_test_lib.sh"

expect 0 'perft\(10\) = 84409' -- perft --game=damdaman --depth=10
expect 0 'perft\(6\) = 314400' -- perft --game=guettal --depth=6
expect 0 'perft\(4\) = 863040' -- perft --game=davxar --depth=4
expect 0 'perft\(4\) = 863040' -- perft --game=davxar:lines=ludii --depth=4
expect 0 'C4-D4: 1' -- perft --game=damdaman --depth=3 --divide
# The time to the microsecond; no speed for runs under a millisecond.
expect 0 '^nodes 12 time 0\.[0-9]{6}s nps (-|[0-9]+)$' -- perft --game=guettal --depth=1
expect 0 'decisions: 2: ' -- show --game=damdaman
expect 0 'guettal' -- games
expect 0 'bestmove (A2|I3)' -- bestmove --game=guettal --depth=4
expect 0 'value +win in 3 plies' -- solve --game=guettal
expect 0 '"value": "win"' -- solve --game=guettal --json
expect 0 '"playouts": 100,' -- playouts --game=guettal --count=100 --json
# Peak memory in the reports of playouts, bestmove and MCTS.
expect 0 '"peak_rss_bytes": [1-9][0-9]*,' -- playouts --game=guettal --count=100 --json
expect 0 'memory +peak RSS [0-9.]+ MiB' -- playouts --game=damdaman --count=2
expect 0 'info string peak RSS [0-9.]+ MiB' -- bestmove --game=guettal --depth=3
expect 0 'info string peak RSS [0-9.]+ MiB' -- bestmove --engine=mcts --game=davxar --iterations=500
expect 0 'usage: lud64 perft' -- perft --help
# A shared flag's help is the command's own: no other command's range (solve
# showed "--depth: ... (perft: 1 to 40, required; bestmove: 1 to 100)"), and
# no empty default after the one the help states ("--tb: ... (default:
# $LUD64_TB, else ./tablebases) (default: '')").
commands=$("$lud64" help | sed -n 's/^  lud64 \([a-z]*\).*/\1/p' | sort -u)
check "help lists the commands: $commands" test "$(wc -w <<< "$commands")" -ge 13
for command in $commands; do
  flags=$("$lud64" help "$command" | sed -n '/^flags:/,$p')
  for other in $commands; do
    [ "$other" = "$command" ] && continue
    if grep -Eq "(^|[ (;])$other( [a-z]+)?: " <<< "$flags"; then
      echo "FAIL: help $command shows $other's flag help:"; grep -E "(^|[ (;])$other( [a-z]+)?: " <<< "$flags"
      failed=$((failed + 1))
    else
      passed=$((passed + 1))
    fi
  done
  check "help $command: no empty default" bash -c "! grep -qF \"(default: '')\" <<< \"\$1\"" _ "$flags"
done
expect 0 "--depth: the deepest iteration in plies, 1 to 100 \(default: '100'\)$" -- solve --help
expect 0 '--depth: depth in plies, 1 to 40 \(required\)$' -- perft --help
expect fail 'unknown game .chess.' -- show --game=chess
expect fail 'unknown option .--depth.' -- show --depth=3
expect fail 'unknown command' -- frobnicate
expect fail 'perft needs --depth' -- perft --game=damdaman
expect fail 'must be 1 to 40' -- perft --game=damdaman --depth=41
expect fail '2 rows, expected 7' -- show --game=damdaman '--position=ooooooo/ooooooo x'
expect fail 'expected x or o' -- show --game=damdaman '--position=ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx z'
expect fail 'pieces' -- show --game=davxar:pieces=17
expect fail 'option .colour.' -- show --game=davxar:colour=red
expect fail 'exactly one of --count' -- playouts --game=guettal
expect fail 'must be 1 to 256' -- playouts --game=guettal --count=5 --threads=0
expect fail 'game is already over' -- playouts --game=damdaman --count=5 '--position=......./......./......./...x.../......./......./....... o'
expect fail 'unexpected argument' -- show extra
expect fail '--hash' -- bestmove --game=guettal --hash=0
expect 0 'bestmove ' -- bestmove --game=davxar --depth=3 --eval=classic
expect 0 'bestmove ' -- bestmove --engine=mcts --game=davxar --iterations=300 --eval=classic
expect fail '^lud64: --press=1.5: must be 0 to 1$' -- bestmove --engine=mcts --game=davxar --iterations=10 --press=1.5
expect fail 'press' -- bestmove --game=davxar --depth=1 --press=0.2
# x far ahead: the pressing term changes the root's win rate.
far_ahead='--position=xo./xo./x../..o/....x..o/o../.xx/x.x/x.. x turn=100 hand=0,0'
win_rate() {
  "$lud64" bestmove --engine=mcts --game=davxar "$far_ahead" --iterations=3000 --press="$1" |
    grep -o 'winrate [0-9.]*'
}
pressed=$(win_rate 1) unpressed=$(win_rate 0)
check "--press=0 and --press=1 give different win rates: '$unpressed', '$pressed'" \
  test -n "$unpressed" -a "$unpressed" != "$pressed"
expect 2 '^lud64: network file /nonexistent/w.lnet: cannot open it$' -- bestmove --game=davxar --depth=1 --evalfile=/nonexistent/w.lnet
expect 2 '^lud64: network file /nonexistent/w.lnet: cannot open it$' -- bestmove --engine=mcts --game=davxar --iterations=10 --evalfile=/nonexistent/w.lnet
expect 0 'none decided within 3 plies' -- match --game=guettal --p1=random --p2=random --games=4 --openings=2 --balanced=3
expect fail '--balanced=21: must be 0 to 20' -- match --game=guettal --p1=random --p2=random --games=2 --balanced=21
expect fail 'or were decided' -- match --game=guettal --p1=random --p2=random --games=2 --openings=1 --balanced=3

# replay: a legal record, then an illegal one that names the line and ply.
out=$(printf 'C4-D4 C5-C4\n' | "$lud64" replay --game=damdaman --counts)
if [ "$out" = "ongoing ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2 counts=2,1" ]; then
  passed=$((passed + 1)); else echo "FAIL: replay printed '$out'"; failed=$((failed + 1)); fi
if out=$(printf 'C4-D4\nD3-D4 E4-E5\n' | "$lud64" replay --game=damdaman 2>&1); then
  echo "FAIL: illegal replay exited 0"; failed=$((failed + 1))
elif grep -q "line 2, ply 2: illegal decision 'E4-E5' in " <<< "$out"; then
  passed=$((passed + 1)); else echo "FAIL: replay error '$out'"; failed=$((failed + 1)); fi

# An illegal decision, wherever decisions are read (PlayRecord): one line
# naming it, its ply and position, and the legal decisions, the first 20 of
# many and their number.
only_line 2 "lud64: --moves: ply 2: illegal decision 'E4-E5' in ooooooo/ooooooo/ooooooo/xx.xooo/xxxxxxx/xxxxxxx/xxxxxxx o turn=1; legal are C5-C4" -- \
  bestmove --game=damdaman '--moves=C4-D4 E4-E5' --depth=1
expect 2 "^lud64: --moves: ply 2: illegal decision 'D4' in .*; legal are ([A-Z][0-9]+ ){20}\.\.\. \(31 in all\)$" -- \
  solve --game=davxar '--moves=D4 D4' --depth=1
# replay skips '#' lines (match records head each game with one).
out=$(printf '# [Round "1"]\n  # indented\nC4-D4 C5-C4\n' | "$lud64" replay --game=damdaman 2>&1)
check "replay skips # lines: '$out'" test "$out" = "ongoing ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2"
# show --moves: the position the decisions reach, or the illegal one named.
expect 0 'position:  ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2$' -- \
  show --game=damdaman '--moves=C4-D4 C5-C4'
expect 0 'status:    P1 wins' -- show --game=guettal '--moves=A2 pass pass'
expect 0 '^<svg ' -- show --game=damdaman --svg '--moves=C4-D4'
only_line 2 "lud64: --moves: ply 2: illegal decision 'E4-E5' in ooooooo/ooooooo/ooooooo/xx.xooo/xxxxxxx/xxxxxxx/xxxxxxx o turn=1; legal are C5-C4" -- \
  show --game=damdaman '--moves=C4-D4 E4-E5'
out=$("$lud64" replay --game=guettal <<< 'A2 pass pass pass' 2>&1)
check "replay past the end: '$out'" grep -qE \
  "^lud64: line 1, ply 4: illegal decision 'pass' in .*; the game is over, no decision is legal$" <<< "$out"

finish
