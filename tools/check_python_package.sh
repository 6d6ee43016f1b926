#!/usr/bin/env bash
# The Python package as a user installs it (tools/check.sh's release stage):
# `pip install --no-build-isolation .` into a temporary venv, from the build
# tree CI has just made (LUD64_BUILD_DIR: setup.py only copies its module, no
# second C++ build), then the pytest suite run against that install, and the
# training example for a few seconds on davxar:pieces=3 tables (TABLES, or
# built here). ctest's test python_package runs it with the fixture's tables.
# usage: tools/check_python_package.sh BUILD_DIR [TABLES]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:?usage: tools/check_python_package.sh BUILD_DIR}")
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
LUD64_BUILD_DIR="$build" "$work/venv/bin/pip" install -q --no-build-isolation --no-deps \
  --no-cache-dir "$root" >&2
echo "check_python_package: installed in $((SECONDS - start)) s" >&2
cd "$work"  # away from the sources: the suite imports the installed package
"$work/venv/bin/python" -c 'import lud64, sys; assert "site-packages" in lud64.__file__, lud64.__file__'
PYTHONDONTWRITEBYTECODE=1 LUD64_COMMAND="$build/tools/lud64/lud64" \
  LUD64_TEST_DATA="$root/tests/data" \
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests"
tables=${2:-}
if [[ -z "$tables" ]]; then
  tables=$work/tables
  "$build/tools/lud64/lud64" tb build --game=davxar:pieces=3 --tb="$tables" --threads=2 \
    >/dev/null 2>&1
fi
"$work/venv/bin/python" "$root/python/examples/train_policy_value.py" --game=davxar:pieces=3 \
  --tb="$tables" --positions=300 --epochs=2 --judge=20 --plot="$work/curve.png"
test -s "$work/curve.png"
echo "check_python_package: passed in $((SECONDS - start)) s" >&2
