#!/usr/bin/env bash
# The lud64 command under hostile use: bounded memory, prompt
# Ctrl-C, memory the machine lacks, write errors, JSON and error messages
# built from odd input. Usage: lud64_hardening_test.sh LUD64
set -uo pipefail
lud64="$1"
source "$(dirname "$0")/lud64_test_lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now_ms() { date +%s%3N; }

# interrupt <seconds> <args...>: runs lud64 for that long, then sends SIGINT.
# Sets status (the exit code), stop_ms (from SIGINT to exit; a run that
# ignores it is killed after 10 s), peak_kib (peak RSS before SIGINT), and
# leaves the output in $work/out and $work/err.
interrupt() {
  local seconds="$1"
  shift
  "$lud64" "$@" > "$work/out" 2> "$work/err" < /dev/null &
  local pid=$! start
  sleep "$seconds"
  peak_kib=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2> /dev/null || echo 0)
  kill -INT "$pid" 2> /dev/null
  start=$(now_ms)
  while kill -0 "$pid" 2> /dev/null && [ $(($(now_ms) - start)) -lt 10000 ]; do sleep 0.05; done
  kill -KILL "$pid" 2> /dev/null
  wait "$pid"
  status=$?
  stop_ms=$(($(now_ms) - start))
}

# elapsed_ms <args...>: the wall time of one run, in milliseconds.
elapsed_ms() {
  local start
  start=$(now_ms)
  "$lud64" "$@" > /dev/null 2>&1 < /dev/null
  echo $(($(now_ms) - start))
}

sanitized=false
if grep -qa -e __asan_init -e __tsan_init "$lud64"; then sanitized=true; fi
# ASan keeps freed memory in a quarantine (256 MiB by default) that peak RSS
# counts: a small one keeps the memory bounds below about growth, not it.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=16"
memory_mib=$(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo)

# 1. match --balanced: memory does not grow with the games played.
interrupt 3 match --p1=random --p2=random --games=1000000 --openings=30 --balanced=1
check "match --balanced=1: peak RSS ${peak_kib} KiB after 3 s (at most 200 MiB)" \
  test "$peak_kib" -gt 0 -a "$peak_kib" -lt 204800
check "match --balanced=1: exit $status after Ctrl-C (130)" test "$status" -eq 130
check "match --balanced=1: the tally after Ctrl-C" grep -q '(interrupted)' "$work/out"

# 2. Ctrl-C while balanced openings are drawn stops within a second or so,
# and the drawing shows progress.
interrupt 3 match --p1=random --p2=random --games=100000 --openings=30 --balanced=20
check "match --balanced=20: stopped ${stop_ms} ms after Ctrl-C (at most 1500)" \
  test "$stop_ms" -lt 1500
check "match --balanced=20: exit $status after Ctrl-C (130)" test "$status" -eq 130
check "match --balanced=20: progress on stderr while drawing openings" \
  grep -Eq '^(match: drawing the opening|game 1/)' "$work/err"

# 2b. Ctrl-C while a book is scored stops the search at once, writes the
# openings kept so far under the header, and has shown progress.
interrupt 3 book --count=100000 --plies=8 --score-depth=10 --max-score=100
check "book --score-depth: stopped ${stop_ms} ms after Ctrl-C (at most 1500)" test "$stop_ms" -lt 1500
check "book --score-depth: exit $status after Ctrl-C (130)" test "$status" -eq 130
check "book --score-depth: the header after Ctrl-C" grep -q '^# lud64 book .*--score-depth=10' "$work/out"
check "book --score-depth: progress on stderr" grep -Eq '^book: [0-9]+ of 100000 openings, [0-9]+ draws, [0-9]+ scored' "$work/err"

# 3. Memory the machine lacks: one line naming the flag, exit 1.
if [ "$memory_mib" -lt 65536 ]; then
  expect fail "^lud64: --hash=65536: the transposition table of 65536 MiB is more than this machine's" -- bestmove --hash=65536
  expect fail '^lud64: --hash=65536: the transposition table' -- solve --hash=65536
  expect fail '^lud64: --memory=65536: the search tree of 65536 MiB' -- bestmove --engine=mcts --memory=65536
  expect fail "^lud64: engine 'alphabeta:hash=65536': its table of 65536 MiB" -- match --p1=alphabeta:hash=65536 --p2=random --games=2
else
  echo "note: $memory_mib MiB of memory: the 65536 MiB cases do not apply"
fi
# Within the machine's memory but beyond what the process may have (a
# sanitizer's shadow memory needs more address space than any such limit).
if ! $sanitized; then
  out=$(ulimit -v 600000; "$lud64" bestmove --hash=2048 2>&1)
  check "bestmove --hash=2048 under ulimit -v 600000: exit $?" test $? -eq 1
  check "its message: $out" grep -Eq -- '--hash=2048: cannot allocate 2048 MiB for the transposition table; about [0-9]+ MiB could be allocated' <<< "$out"
  out=$(ulimit -v 600000; "$lud64" match --p1=random --p2=mcts:memory=1024 --games=2 2>&1)
  check "match mcts:memory=1024 under ulimit -v 600000: $out" grep -q "cannot allocate 1024 MiB" <<< "$out"
fi

# 4. A large table is made and mapped before the search's clock starts, so
# the search keeps its time (python/tests/test_one_engine.py times it over
# UGI); the whole command then takes the set-up and the search. (A
# sanitizer's bookkeeping of a gigabyte takes seconds by itself: only plain
# builds are timed.)
if ! $sanitized; then
  ms=$(elapsed_ms bestmove --hash=1024 --time=0.1)
  check "bestmove --hash=1024 --time=0.1 took $ms ms (at most 10000)" test "$ms" -lt 10000
fi

# 5. A record that cannot be written: the results are still printed.
expect fail 'result +[0-9]+ wins' -- match --game=guettal --p1=random --p2=random --games=4 --record=/dev/full
expect fail '--record=/dev/full: write failed' -- match --game=guettal --p1=random --p2=random --games=4 --record=/dev/full

# 6. JSON strings are escaped.
out=$("$lud64" match --game=guettal $'--p1=alphabeta:depth=1\t' --p2=random --games=2 --json 2>/dev/null)
check "match --json escapes the tab in --p1: $out" grep -qF '"p1": "alphabeta:depth=1\t"' <<< "$out"
if command -v python3 > /dev/null; then
  check "match --json is valid JSON" python3 -c 'import json, sys; json.loads(sys.stdin.read())' <<< "$out"
fi

# 7. solve --json totals the whole run.
out=$("$lud64" solve --time=2 --json 2>/dev/null)
seconds=$(sed -E 's/.*"seconds": ([0-9.]+).*/\1/' <<< "$out")
check "solve --time=2 --json: seconds $seconds covers the run (at least 1.8)" \
  awk -v s="$seconds" 'BEGIN { exit !(s >= 1.8 && s < 4) }'

# 8. Ctrl-C: every command prints what it found and exits 130.
interrupt 1 bestmove --depth=100
check "bestmove: exit $status after Ctrl-C (130)" test "$status" -eq 130
check "bestmove: still prints its decision" grep -q '^bestmove ' "$work/out"
interrupt 1 solve
check "solve: exit $status after Ctrl-C (130)" test "$status" -eq 130
check "solve: still prints its bounds" grep -q '^unproven' "$work/out"
interrupt 1 bestmove --engine=mcts --time=60
check "bestmove --engine=mcts: exit $status after Ctrl-C (130)" test "$status" -eq 130
expect 0 '130 stopped by Ctrl-C' -- help

# 9. --time: one range, stated by the help.
expect 0 '--time: .*up to 86400' -- help bestmove
expect fail '--time=86401: must be 0 to 86400 seconds' -- bestmove --depth=1 --time=86401
expect fail '--time=86401: must be 0 to 86400 seconds' -- solve --depth=1 --time=86401
expect fail '--time=86401: must be 0.001 to 86400 seconds' -- playouts --time=86401
expect fail '--clock=86401: must be 0 to 86400 seconds' -- bestmove --depth=1 --clock=86401
expect fail 'option time=86401 must be a number from 1e-06 to 86400' -- match --p1=alphabeta:time=86401 --p2=random --games=2
expect 0 'bestmove' -- bestmove --depth=1 --time=86400

# 10. A failed write to stdout is an error, for every command.
for args in "playouts --count=100" "show" "bestmove --depth=1" "solve --depth=1" "perft --depth=2" \
  "games" "help" "--version" "match --game=guettal --p1=random --p2=random --games=2"; do
  out=$("$lud64" $args 2>&1 > /dev/full < /dev/null)
  code=$?
  check "lud64 $args > /dev/full: exit $code, '$out'" \
    test $code -ne 0 -a -n "$(grep 'cannot write the output: ' <<< "$out")"
done
out=$(echo 'C4-D4' | "$lud64" replay --game=damdaman 2>&1 > /dev/full)
check "replay > /dev/full: exit $?" grep -q 'cannot write the output' <<< "$out"

# 11. `passed` only when the opponent had nothing to do, in every game.
expect fail "position field 'passed': the opponent \(o\) cannot have passed, as it had 2 legal decisions" -- show --game=damdaman '--position=ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=1 passed'
expect 0 'to move: +P1' -- show --game=damdaman '--position=ooooooo/ooooooo/ooooooo/xxxxooo/xxx.xxx/xxxxxxx/xxxxxxx x turn=2 passed'
for game in davxar guettal; do
  start=$("$lud64" show --game=$game | sed -n 's/^position: *//p')
  expect fail "the opponent \(o\) cannot have passed" -- show --game=$game "--position=$start turn=1 passed"
done

# 12. Messages: characters, echoed input cut and escaped, hints, repeats.
expect fail "row 1 column 4: unexpected character 'é'" -- show --game=damdaman '--position=xxxéooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x'
expect fail "row 1 'xxé': 3 characters, expected 7" -- show --game=damdaman '--position=xxé/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x'
long=$(head -c 100000 /dev/zero | tr '\0' x)
out=$("$lud64" show --game=damdaman "--position=$long x" 2>&1)
check "a 100000-character row gives a ${#out}-byte message (at most 300)" test "${#out}" -lt 300
check "which gives the length: $out" grep -q '(100000 bytes)' <<< "$out"
out=$("$lud64" show $'--game=dam\x1bdaman' 2>&1)
check "ESC in input is escaped: $out" grep -qF "'dam\\x1bdaman'" <<< "$out"
check "no raw ESC in the message" test -z "$(tr -d -c '\033' <<< "$out")"
out=$(printf 'C4-D4 C5\001C4\n' | "$lud64" replay --game=damdaman 2>&1)
check "a control character in replay input is escaped: $out" grep -qF 'C5\x01C4' <<< "$out"
expect fail "--depth: needs its value after '=': --depth=2" -- bestmove --depth 2
expect fail '--depth given twice' -- bestmove --depth=2 --depth=3

# 13. Flag values, each refused in one line with exit 2 before any work.
one_line_2() {  # <pattern> <args...>: exit 2, one line on stderr matching it, nothing on stdout
  local pattern="$1" out err status
  shift
  out=$("$lud64" "$@" 2> "$tmp_err" < "${stdin:-/dev/null}")
  status=$?
  err=$(cat "$tmp_err")
  check "lud64 $*: exit 2 ($status), one line /$pattern/: $err" \
    test $status -eq 2 -a -z "$out" -a "$(wc -l < "$tmp_err")" -eq 1
  check "lud64 $*: says /$pattern/" grep -Eq -- "$pattern" <<< "$err"
}
tmp_err="$work/one_line.err"
one_line_2 '^lud64 perft: --depth=abc: must be a whole number$' perft --depth=abc
one_line_2 '--depth=0x3: must be a whole number' perft --depth=0x3
one_line_2 "--depth= 3: must be a whole number" perft "--depth= 3"
one_line_2 '--depth=2.5: must be a whole number' bestmove --depth=2.5
one_line_2 '--depth=99999999999999999999: is too large' bestmove --depth=99999999999999999999
one_line_2 '--count=-5: must be a whole number, 0 or more' playouts --count=-5
one_line_2 '--seed=-1: must be a whole number, 0 or more' playouts --seed=-1
one_line_2 '--time=abc: must be a number' bestmove --time=abc
one_line_2 '--time=: must be a number' bestmove --time=
one_line_2 '--svg=maybe: must be true or false' show --svg=maybe
one_line_2 "--depth: needs a value: --depth=\.\.\." perft --depth
one_line_2 "--nodepth: takes a value, not 'no'" perft --nodepth
one_line_2 '--depth=0: must be 1 to 100' bestmove --depth=0
one_line_2 '--depth=0: must be 1 to 100' solve --depth=0
one_line_2 '--depth=0: must be 1 to 40' perft --depth=0
one_line_2 "unknown command 'frobnicate' \(commands: .*'lud64 help'" frobnicate
one_line_2 "unknown command ''" ''
one_line_2 '--evalfile applies only with --eval=learned' bestmove --eval=classic --evalfile=x.lnet
one_line_2 '--openings-file=: needs a file name' match --p1=random --p2=random --games=2 --openings-file=
one_line_2 '--record=: needs a file name' match --p1=random --p2=random --games=2 --record=
one_line_2 '--positions-file=: needs a file name' accuracy --engine=random --positions-file=
one_line_2 '^lud64: --count=100: only [0-9]+ distinct openings' book --game=guettal --count=100 --plies=1
one_line_2 '--sprt-model applies only with --sprt' match --p1=random --p2=random --games=2 --sprt-model=normalized
touch "$work/plain"
one_line_2 "tablebase directory $work/plain: not a directory" tb build --game=davxar:pieces=3 \
  "--tb=$work/plain"
stdin=/tmp one_line_2 '^lud64: standard input is a directory' replay --game=damdaman
stdin=/tmp one_line_2 '^lud64: standard input is a directory' ugi --game=damdaman
expect fail '--json given twice' -- solve --depth=1 --json --json

# Small things a newcomer met.
for command in show perft replay playouts; do
  expect 0 "usage: lud64 $command \[--game=G\]" -- help $command
done
expect 0 'bestmove' -- bestmove --engine=MCTS --iterations=100 --game=guettal
expect fail '--inc applies only with --clock' -- bestmove --inc=1
expect 0 'bestmove' -- bestmove --clock=1 --inc=0.5 --game=guettal
expect 0 'ongoing \(the game goes on' -- help replay
out=$(printf '\nC4-D4\n  \n' | "$lud64" replay --game=damdaman)
check "replay skips blank lines: '$out'" test "$(wc -l <<< "$out")" -eq 1 -a "${out%% *}" = ongoing
expect 0 '^lud64 [0-9]+\.[0-9]+\.[0-9]+' -- --version

finish
