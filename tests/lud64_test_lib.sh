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

# Prints the totals; the exit code of the test.
finish() {
  echo "$passed passed, $failed failed"
  [ $failed -eq 0 ]
}
