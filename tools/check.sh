#!/usr/bin/env bash
# Builds and runs the whole test suite, stage by stage (what CI runs after
# tools/setup.sh):
#   release  the Release build and every test (Python's from the package
#            installed into a temporary venv: tools/check_python_package.sh): the
#            ci-release preset, that is release-nolto (-O3 without the
#            link-time optimisation the quick start's build keeps: about 240 s
#            rather than 320 s on 2 cores) compiled four files to a unit like
#            the sanitizer stages (218 s against about 255 s file by file);
#            tools/tidy.sh still compiles each file alone;
#   asan     the suite under AddressSanitizer + UndefinedBehaviorSanitizer,
#            each libFuzzer target (fuzz/) for a few seconds from its seeds
#            among it; the tests labelled `long` (the largest table builds,
#            the MPI runs: GoogleTest suites named *Long, and the scripts
#            labelled in tests/CMakeLists.txt), which release has just run and
#            which would take minutes here, are left out, and the MPI
#            executables not built (the asan-ci build and test presets;
#            `ctest --preset asan` after a full build runs them all);
#   tsan     the multithreaded tests (label `threaded`) under ThreadSanitizer.
# Both sanitizer builds use clang 16, which builds them in about a third of
# gcc's time, and compile the libraries' and programs' files four to a
# translation unit (a unity build: the asan stage's build in 156 s instead of
# 211 on a quiet machine), which keeps CI within its 15 minutes on 2 cores.
# Every stage compiles the test files ten to a unit and the Python module's
# as one (LUD64_BATCHES), and the other files four to a unit.
# usage: tools/check.sh [stage...]   (no stage: all three, in that order)
# Each stage's wall time goes to stderr; the first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

run_stage() {
  case "$1" in
    release)
      # The pytest suite runs once, from the package installed into a venv
      # (tools/check_python_package.sh), not from the build tree's ctest.
      cmake --preset ci-release && cmake --build --preset ci-release &&
        ctest --preset ci-release -E '^python$' &&
        tools/check_python_package.sh build/ci-release ;;
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
