#!/usr/bin/env bash
# Builds and runs the whole test suite, stage by stage (what CI runs after
# tools/setup.sh):
#   release  the Release build and every test (Python's included);
#   asan     the suite under AddressSanitizer + UndefinedBehaviorSanitizer;
#   tsan     the multithreaded tests (label `threaded`) under ThreadSanitizer;
#   fuzz     each libFuzzer target for a few seconds from its seeds (fuzz/).
# usage: tools/check.sh [stage...]   (no stage: all four, in that order)
# Each stage's wall time goes to stderr; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

run_stage() {
  case "$1" in
    release)
      cmake --preset release && cmake --build --preset release && ctest --preset release ;;
    asan)
      cmake --preset asan && cmake --build --preset asan && ctest --preset asan ;;
    tsan)
      cmake --preset tsan && cmake --build --preset tsan-threaded && ctest --preset tsan-threaded ;;
    fuzz)
      cmake --preset fuzz && cmake --build --preset fuzz && ctest --preset fuzz ;;
    *)
      echo "tools/check.sh: unknown stage '$1' (stages: release, asan, tsan, fuzz)" >&2
      return 2 ;;
  esac
}

stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(release asan tsan fuzz)
for stage in "${stages[@]}"; do
  start=$SECONDS
  run_stage "$stage"
  echo "tools/check.sh: stage $stage passed in $((SECONDS - start)) s" >&2
done
