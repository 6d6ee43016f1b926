#!/usr/bin/env bash
# Runs clang-tidy with the project's checks (.clang-tidy) on every source file
# (or the files given), with the compile commands of release-nolto (the build
# with the tests, which tools/check.sh compiles in unity batches as
# ci-release) configured in build/tidy without any batches (3 s, every run, so
# a new file has its command): every file is checked alone.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release-nolto -B build/tidy -DLUD64_BATCHES=OFF >/dev/null
# Every source file, or those given.
files=${*:-$(git ls-files '*.cc')}
# GCC's precompiled headers mean nothing to clang: the compile commands are
# copied without them (each file includes what it uses anyway).
commands=$(mktemp -d)
trap 'rm -rf "$commands"' EXIT
sed -E 's# -Winvalid-pch -include [^ ]*cmake_pch\.hxx##' build/tidy/compile_commands.json \
  > "$commands/compile_commands.json"
# The LTO flags of the release build mean nothing to clang either.
clang-tidy -p "$commands" --extra-arg=-Wno-ignored-optimization-argument --quiet $files
