# Helpers for the lud64 command tests; the including script sets $lud64.
passed=0
failed=0

# expect <exit code: a number, or "fail" for any but 0> <regex the output must
# match> -- <args...>
expect() {
  local want="$1" pattern="$2"
  shift 3
  local output status
  output=$("$lud64" "$@" 2>&1 < /dev/null)
  status=$?
  if { [ "$want" = fail ] && [ $status -eq 0 ]; } ||
     { [ "$want" != fail ] && [ $status -ne "$want" ]; }; then
    echo "FAIL: lud64 $* exited $status"; echo "$output" | head -5; failed=$((failed + 1)); return
  fi
  if ! grep -Eq -- "$pattern" <<< "$output"; then
    echo "FAIL: lud64 $* did not print /$pattern/"; echo "$output" | head -5
    failed=$((failed + 1)); return
  fi
  passed=$((passed + 1))
}

# check <description> <command...>: passes when the command succeeds.
check() {
  local description="$1"
  shift
  if "$@"; then passed=$((passed + 1)); else echo "FAIL: $description"; failed=$((failed + 1)); fi
}

# only_line <exit code> <line> -- <args...>: the run prints that line and
# nothing else (stdout and stderr), and exits so: it stopped before any work.
only_line() {
  local want="$1" line="$2"
  shift 3
  local output status
  output=$("$lud64" "$@" 2>&1 < /dev/null)
  status=$?
  check "$(basename "$lud64") $*: exit $status (want $want), printed '$output' (want '$line')" \
    same "$status" "$want" "$output" "$line"
}
same() { [ "$1" -eq "$2" ] && [ "$3" = "$4" ]; }

# interrupt <args...>: runs $lud64 for a second, then sends SIGINT (as
# Ctrl-C); sets status and leaves stderr in $work/err.
interrupt() {
  "$lud64" "$@" > /dev/null 2> "$work/err" < /dev/null &
  local pid=$! waited=0
  sleep 1
  kill -INT "$pid"
  while kill -0 "$pid" 2> /dev/null && [ $waited -lt 100 ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  kill -KILL "$pid" 2> /dev/null
  wait "$pid"
  status=$?
}

# Prints the totals; the exit code of the test.
finish() {
  echo "$passed passed, $failed failed"
  [ $failed -eq 0 ]
}
