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
# Both sanitizer builds use clang 16, and every build compiles the
# libraries' and programs' files four to a translation unit, the test files
# ten to a unit and the Python module's as one (LUD64_BATCHES).
# The stages overlap: while a stage's tests run, the next stage's build runs
# beside them at the lowest priority (nice 19), taking only the processor
# time the tests leave idle (tests wait on processes, pipes and timers), so
# that timed tests keep their processor; its output is printed once it ends.
# usage: tools/check.sh [stage...]   (no stage: all three, in that order)
# Each build's and each stage's tests' wall time goes to stderr; the first
# failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."

build_stage() {
  case "$1" in
    release) cmake --preset ci-release && cmake --build --preset ci-release ;;
    asan) cmake --preset asan && cmake --build --preset asan-ci ;;
    tsan) cmake --preset tsan && cmake --build --preset tsan-threaded ;;
    *)
      echo "tools/check.sh: unknown stage '$1' (stages: release, asan, tsan)" >&2
      return 2 ;;
  esac
}

test_stage() {
  case "$1" in
    # The pytest suite runs once, from the package installed into a venv
    # (tools/check_python_package.sh), not from the build tree's ctest.
    release)
      ctest --preset ci-release -E '^python$' && tools/check_python_package.sh build/ci-release ;;
    asan) ctest --preset asan-ci ;;
    tsan) ctest --preset tsan-threaded ;;
  esac
}

# Starts the build of stage $1 in the background, niced, its output in a log.
start_build() {
  mkdir -p build
  build_log="build/check-$1.log"
  build_start=$SECONDS
  setsid nice -n 19 bash -c "$(declare -f build_stage); build_stage $1" > "$build_log" 2>&1 &
  build_pid=$!
}
# A failed test stage ends the run: its background build with it.
build_pid=
trap '[[ -n $build_pid ]] && kill -- -"$build_pid" 2>/dev/null; true' EXIT

# Waits for the background build of stage $1, prints its output, fails with it.
finish_build() {
  local status=0
  wait "$build_pid" || status=$?
  build_pid=
  cat "$build_log"
  if [[ $status -ne 0 ]]; then
    echo "tools/check.sh: build $1 failed" >&2
    return "$status"
  fi
  echo "tools/check.sh: build $1 done $((SECONDS - build_start)) s after it started" >&2
}

stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(release asan tsan)
for ((i = 0; i < ${#stages[@]}; ++i)); do
  stage=${stages[i]}
  start=$SECONDS
  if [[ $i -eq 0 ]]; then
    build_stage "$stage"
    echo "tools/check.sh: build $stage done in $((SECONDS - start)) s" >&2
  else
    finish_build "$stage"
  fi
  start=$SECONDS
  if [[ $((i + 1)) -lt ${#stages[@]} ]]; then
    start_build "${stages[i + 1]}"
  fi
  test_stage "$stage"
  echo "tools/check.sh: tests of $stage passed in $((SECONDS - start)) s" >&2
done
