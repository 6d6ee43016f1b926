#!/usr/bin/env bash
# `lud64 ugi` end to end, and external UGI engines in `lud64 match`: a
# scripted session (end of input included), lud64's own ugi playing legal and
# complete games against the in-process alpha-beta, and a misbehaving engine
# (tests/fake_ugi_engine.sh) losing every game by forfeit with the reason;
# and the README quoting the evaluation options' help.
# Usage: ugi_test.sh LUD64 FAKE_ENGINE
set -uo pipefail
lud64="$1"
fake="$2"
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check <description> <command...>: the command must succeed
  local what="$1"
  shift
  if "$@"; then passed=$((passed + 1)); else echo "FAIL: $what"; failed=$((failed + 1)); fi
}

# A session on stdin; the input ends during `go infinite`: that is a quit,
# after the search's one bestmove.
printf 'ugi\nisready\nposition startpos moves C4-D4 C5-C4\nquery p1turn\nquery legal\nfrobnicate\nposition startpos moves A1-A2\nquery position\ngo infinite\n' |
  timeout 20 "$lud64" ugi --game=damdaman > "$tmp/session.txt" 2>&1
status=$?
check "ugi exits 0 at the end of input (got $status)" test $status -eq 0
check "handshake ends with ugiok" grep -qx 'ugiok' "$tmp/session.txt"
check "readyok" grep -qx 'readyok' "$tmp/session.txt"
check "query p1turn" grep -qx 'response true' "$tmp/session.txt"
check "query legal" grep -qxE 'response( [A-G][1-7]-[A-G][1-7])+' "$tmp/session.txt"
check "unknown command reported" grep -q "^info string error: unknown command 'frobnicate'" "$tmp/session.txt"
check "illegal move reported with the legal ones" grep -qE "^info string error: .*illegal decision 'A1-A2' in .*; legal are D3-D4 C4-D4$" "$tmp/session.txt"
check "the illegal move changed nothing" grep -qx 'response ooooooo/ooooooo/oo.oooo/xxo.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2' "$tmp/session.txt"
check "exactly one bestmove" test "$(grep -c '^bestmove ' "$tmp/session.txt")" -eq 1
check "info lines like bestmove's" grep -qE '^info depth [0-9]+ score .* nodes [0-9]+ nps [0-9]+ time [0-9.]+ pv ' "$tmp/session.txt"

# Echoed input is escaped: no raw control character reaches the output.
printf 'qo\001x\033[2J\nsetoption name engine value m\001cts\ngo depth\001 2\nquery \033\nquit\n' |
  timeout 20 "$lud64" ugi --game=guettal > "$tmp/control.txt" 2>&1
check "control characters echoed as escapes" grep -qF "unknown command 'qo\\x01x\\x1b[2J'" "$tmp/control.txt"
check "four errors, all escaped" test "$(grep -c '^info string error: ' "$tmp/control.txt")" -eq 4
check "no raw control character in the output" bash -c "! LC_ALL=C grep -q '[[:cntrl:]]' '$tmp/control.txt'"

# Exactly one bestmove per go, `quit` ending the session before the rest.
printf 'go depth 2\ngo nodes 100\ngo movetime 30\nquit\nisready\n' |
  timeout 20 "$lud64" ugi --game=guettal > "$tmp/quit.txt" 2>&1
check "three bestmoves" test "$(grep -c '^bestmove ' "$tmp/quit.txt")" -eq 3
check "nothing after quit" test "$(grep -c '^readyok' "$tmp/quit.txt")" -eq 0
# A command waiting for a long search (a second go, setoption) does not hold up
# stop and quit behind it: they are read as they arrive.
start=$(date +%s)
printf 'go depth 60\ngo depth 1\nstop\nquit\n' |
  timeout 20 "$lud64" ugi --game=davxar > "$tmp/wait.txt" 2>&1
(printf 'go depth 60\n'; sleep 0.3; printf 'setoption name hash value 8\nisready\nstop\nquit\n') |
  timeout 20 "$lud64" ugi --game=damdaman >> "$tmp/wait.txt" 2>&1
check "stop reaches searches that commands wait for" test "$(grep -c '^bestmove ' "$tmp/wait.txt")" -eq 3
check "readyok after the waiting setoption" grep -q '^readyok' "$tmp/wait.txt"
check "within seconds, not the 60 plies' hours" test $(($(date +%s) - start)) -lt 15
check "unknown game at start fails" bash -c "! '$lud64' ugi --game=chess < /dev/null 2> /dev/null"

# bestmove --moves: the game so far is the history of the repetition rule
# (C6-C5 would repeat the position after the fourth decision).
cycle="C4-D4 C5-C4 D3-D4 C6-C5 D2-D3 C5-C6 D3-D2"
after=$("$lud64" replay --game=damdaman <<< "$cycle" | cut -d' ' -f2-)
check "bestmove without history" bash -c "'$lud64' bestmove --game=damdaman '--position=$after' --depth=1 | grep -qx 'bestmove C6-C5'"
check "bestmove --moves with history" bash -c "'$lud64' bestmove --game=damdaman '--moves=$cycle' --depth=1 | grep -q '^bestmove ' && ! '$lud64' bestmove --game=damdaman '--moves=$cycle' --depth=1 | grep -qx 'bestmove C6-C5'"
check "bestmove --moves: illegal decision named" bash -c "'$lud64' bestmove --game=damdaman '--moves=C4-D4 D3-D4' 2>&1 | grep -q 'ply 2'"
check "solve --moves" bash -c "'$lud64' solve --game=guettal '--moves=A2' 2> /dev/null | grep -q 'value'"

# lud64's own ugi against the in-process alpha-beta: complete, legal games
# (replayed by lud64's rules: every decision legal, every game finished).
# Guettal's start from `position startpos moves`; Damdaman's from `position
# fen` 40 turns before the turn limit (whole Damdaman games between these
# engines last the 2500 turns, a minute under the sanitizers).
damdaman_late="ooooooo/oo.oooo/ooooooo/xx.xooo/xxx.xxx/xxxxxxx/xxxxxxx x turn=2460"
echo "$damdaman_late" > "$tmp/damdaman_book.txt"
for game_and_count in guettal:4 damdaman:2; do
  game=${game_and_count%:*}
  games=${game_and_count#*:}
  openings=--openings=4
  [ "$game" = damdaman ] && openings="--openings-file=$tmp/damdaman_book.txt"
  timeout 120 "$lud64" match --game=$game "--p1=ugi:depth=2,margin=20,cmd=$lud64 ugi" \
    --p2=alphabeta:depth=2 --games=$games "$openings" --record="$tmp/$game.txt" \
    > "$tmp/$game.out" 2>&1
  status=$?
  check "$game match exits 0 (got $status)" test $status -eq 0
  check "$game: $games games" grep -q "games    $games of $games" "$tmp/$game.out"
  check "$game: no forfeits" bash -c "! grep -q forfeit '$tmp/$game.out'"
  "$lud64" replay --game=$game < "$tmp/$game.txt" > "$tmp/$game.replay" 2>&1
  check "$game: the record replays" test $? -eq 0
  check "$game: $games finished games" \
    test "$(grep -cE '^(P1|P2|draw) ' "$tmp/$game.replay")" -eq "$games"
done

# A misbehaving engine loses every game by forfeit, with the reason.
expect_forfeits() {  # expect_forfeits <mode> <regex of the reason>
  timeout 60 "$lud64" match --game=damdaman \
    "--p1=ugi:time=0.05,margin=0.3,cmd=bash $fake $1" --p2=random --games=2 --openings=0 \
    > "$tmp/$1.out" 2>&1
  local status=$?
  check "$1: match exits 0 (got $status)" test $status -eq 0
  check "$1: two losses" grep -q 'result   0 wins, 2 losses, 0 draws' "$tmp/$1.out"
  check "$1: two forfeits" grep -q '^forfeits 2 by ugi' "$tmp/$1.out"
  check "$1: reason as P1" grep -qE "P1 forfeits at ply 1: $2" "$tmp/$1.out"
  check "$1: reason as P2" grep -qE "P2 forfeits at ply 2: $2" "$tmp/$1.out"
  # A score of 0: Elo bounded above, never a bare -inf.
  check "$1: no infinite Elo" bash -c "! grep -q inf '$tmp/$1.out'"
  check "$1: elo at most" grep -qE '^elo      at most [-+][0-9]+ \(score 0' "$tmp/$1.out"
  check "$1: pair elo" grep -qF 'pair elo - (every pair lost both games: no interval), nElo -, LOS 0.0%' "$tmp/$1.out"
}
expect_forfeits illegal "illegal decision 'A1-G7'"
expect_forfeits hang 'no bestmove within 0.35 s .*killed by signal 9'
expect_forfeits exit "the engine's output ended \(exit status 3\)"
expect_forfeits garbage "unreadable bestmove 'hello'"
check "no fake engine left running" bash -c "! pgrep -f '[f]ake_ugi_engine.sh (illegal|hang|exit|garbage)' > /dev/null"
check "bad ugi engine spec" bash -c "'$lud64' match --p1=ugi:time=1 --p2=random --games=1 2>&1 | grep -q 'ugi needs cmd='"

# The README's option table quotes the evaluation's help that bestmove, match
# and Python print (kEvaluationHelp, kEvaluationFileHelp), backticks aside.
readme_text=$(tr -d '`' < "$(dirname "$0")/../tools/lud64/ugi/README.md")
for flag in eval evalfile; do
  help=$("$lud64" bestmove --help 2>&1 | sed -nE "s/^  --$flag: (.*)/\1/p" | sed -E 's/ \(default: .*\)$//')
  check "README quotes --$flag's help" grep -qF -- "$help" <<< "$readme_text"
  check "--$flag's help is not empty" test -n "$help"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
