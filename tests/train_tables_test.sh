#!/usr/bin/env bash
# lud64-train's samples of endgame tables, end to end: a small table set
# (davxar:pieces=3, 2 s to build; minutes under AddressSanitizer, so the
# asan-ci preset leaves this test out), samples of it, a damaged table that
# stops the sampling with exit 1 and no output, and Ctrl-C.
# Usage: train_tables_test.sh LUD64_TRAIN LUD64
set -uo pipefail
lud64="$1"  # the helpers run $lud64
tool="$2"  # builds the tables
source "$(dirname "$0")/lud64_test_lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
none="No such file or directory"

# Samples of the tables; a damaged table stops the sampling with exit 1 and no
# output, where skipping its positions would bias the samples.
check "lud64 at $tool, to build the tables" [ -x "$tool" ]
"$tool" tb build --game=davxar:pieces=3 "--tb=$work/tb" --threads=2 > /dev/null 2>&1
only_line 2 "lud64-train tables: --out=/nonexistent/x: cannot write there ($none)" -- tables \
  --game=davxar:pieces=3 "--tb=$work/tb" --games=2000 --out=/nonexistent/x
expect 0 "tables: [0-9]+ samples to $work/t.smp" -- tables --game=davxar:pieces=3 \
  "--tb=$work/tb" --games=2000 "--out=$work/t.smp"
cp -r "$work/tb" "$work/bad"
table="$work/bad/davxar_3v3_h0-0.lud64tb"
size=$(stat -c %s "$table")
for at in $((size / 3)) $((size / 2)) $((2 * size / 3)); do
  printf '\xff\xff\xff\xff\xff\xff\xff\xff' | dd "of=$table" bs=1 "seek=$at" conv=notrunc status=none
done
output=$("$lud64" tables --game=davxar:pieces=3 "--tb=$work/bad" --games=2000 \
  "--out=$work/b.smp" 2>&1)
status=$?
check "tables from a damaged table: exit $status (1)" [ "$status" -eq 1 ]
check "tables from a damaged table: one line naming it, printed '$output'" grep -Eqx \
  "lud64-train tables: tablebase file $table: block [0-9]+ of .* is corrupt; .*" <<< "$output"
check "a damaged table leaves no sample file" [ ! -e "$work/b.smp" ]

# Labelled self-play games of davxar:pieces=3, every position of which the
# tables hold: each is labelled with its exact value.
expect 0 'generate: 4 games' -- generate --game=davxar:pieces=3 "--tb=$work/tb" --games=4 \
  --depth=3 "--out=$work/g.txt"
check "generate: every position has its table value" awk '
  /^#/ || $1 == "game" { next }
  { positions++; if ($3 !~ /^(d|w[0-9]+|l[0-9]+)$/) exit 1 }
  END { exit positions < 10 }' "$work/g.txt"

# Ctrl-C: one line saying so, exit 130, and no partial file.
interrupt tables --game=davxar:pieces=3 "--tb=$work/tb" --games=100000000 "--out=$work/i2.smp"
check "tables: exit $status after Ctrl-C (130)" [ "$status" -eq 130 ]
check "tables: says it stopped" grep -qx "lud64-train tables: stopped by Ctrl-C; $work/i2.smp \
not written" "$work/err"
check "tables: no partial file" [ ! -e "$work/i2.smp" ]
check "no temporary file left behind" [ -z "$(find "$work" -name '*.tmp.*')" ]
finish
