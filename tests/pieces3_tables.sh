#!/usr/bin/env bash
# The ctest fixture pieces3_tables: the davxar:pieces=3 tables of both line
# sets, built once into DIR/historical and DIR/ludii for every test that reads
# them (tests/tablebase_test_support.h).
# usage: pieces3_tables.sh <lud64> DIR
set -euo pipefail
lud64=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
for lines in historical ludii; do
  "$lud64" tb build --game="davxar:pieces=3,lines=$lines" --threads=2 --tb="$dir/$lines" \
    > /dev/null 2> "$dir.log" || { cat "$dir.log"; exit 1; }
done
echo "ok: davxar:pieces=3 tables of both line sets in $dir"
