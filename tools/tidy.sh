#!/usr/bin/env bash
# Runs clang-tidy with the project's checks (.clang-tidy) on every source file,
# using the compile commands of the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/compile_commands.json ] || cmake --preset release >/dev/null
files=$(git ls-files '*.cc')
# The LTO flags of the release build mean nothing to clang.
clang-tidy -p build/release --extra-arg=-Wno-ignored-optimization-argument --quiet $files
