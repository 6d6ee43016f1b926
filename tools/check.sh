#!/usr/bin/env bash
# Builds and runs the whole test suite, stage by stage (what CI runs after
# tools/setup.sh); each test runs in at least one stage, and each stage builds
# only what its tests need (the targets release_suite and sanitized_suite,
# tests/CMakeLists.txt):
#   release  the ci-release build (release-nolto at -O2, without the
#            link-time optimisation the quick start's build keeps; the
#            library files eight to a unit) of the programs, the Python
#            module, the benchmarks and the slow test binaries, and the
#            tests labelled `long` (the largest table builds, the MPI runs,
#            the browser test) and `release` (what needs a build without
#            sanitizers: the Python package installed
#            into a temporary venv with its pytest suite, the benchmarks'
#            smoke run): the release-ci build and test presets;
#   asan     every other test under AddressSanitizer + UndefinedBehaviorSanitizer
#            (without its vptr check: tests/README.md),
#            each libFuzzer target (fuzz/) for 2 seconds from its seeds among
#            them (the asan-ci presets; `ctest --preset asan` after a full
#            build runs them all);
#   tsan     the multithreaded tests (labels `threaded`, `threaded_long`)
#            under ThreadSanitizer: the tsan-threaded presets.
# The sanitizer builds use clang 16, which builds them in about a third of
# gcc's time. The sanitizer stages compile each library's files, and each test
# binary's, as one unit; the release stage the library files eight to a unit,
# the test files ten and the Python module's as one (unity builds,
# LUD64_BATCHES, LUD64_TEST_BATCH). Figures: tests/README.md, Building and
# testing.
# usage: tools/check.sh [stage...]   (no stage: all three, in that order)
# Each stage's wall time goes to stderr; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

run_stage() {
  case "$1" in
    release)
      cmake --preset ci-release && cmake --build --preset release-ci && ctest --preset release-ci ;;
    asan)
      cmake --preset asan && cmake --build --preset asan-ci && ctest --preset asan-ci ;;
    tsan)
      cmake --preset tsan && cmake --build --preset tsan-threaded && ctest --preset tsan-threaded ;;
    *)
      echo "tools/check.sh: unknown stage '$1' (stages: release, asan, tsan)" >&2
      return 2 ;;
  esac
}

stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(release asan tsan)
for stage in "${stages[@]}"; do
  start=$SECONDS
  run_stage "$stage"
  echo "tools/check.sh: stage $stage passed in $((SECONDS - start)) s" >&2
done
