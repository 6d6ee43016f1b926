#!/usr/bin/env bash
# lud64-mpi builds the same files, byte for byte, as the single-process builder
# (tb_bench) for 2 and 3 ranks, and with 2 threads a rank; and a job with a
# rank killed mid-build resumes to the same files, keeping the finished
# components and resuming the one it was in from a checkpoint (or, the
# checkpoint damaged, solving that one again).
# usage: mpi_build_test.sh <mpirun> <lud64-mpi> <tb_bench> compare|resume
set -euo pipefail
mpirun=$1 lud64_mpi=$2 tb_bench=$3 mode=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/lud64_mpi_test.XXXXXX")
trap 'rm -rf "$work"' EXIT
# CI runs as root; Open MPI refuses that unless told.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
run_mpi() {  # ranks, then lud64-mpi arguments
  local ranks=$1
  shift
  "$mpirun" --oversubscribe --allow-run-as-root -np "$ranks" "$lud64_mpi" "$@"
}
same_files() {  # reference dir, built dir
  local count=0
  [ "$(cd "$1" && ls)" = "$(cd "$2" && ls)" ] || { echo "FAIL: file lists differ: $1 $2"; exit 1; }
  for f in "$1"/*; do
    cmp "$f" "$2/$(basename "$f")" || { echo "FAIL: $f differs"; exit 1; }
    count=$((count + 1))
  done
  echo "ok: $count files identical in $2"
}

"$tb_bench" davxar:pieces=3 0 2 "$work/davxar_ref" >/dev/null 2>&1
if [ "$mode" = compare ]; then
  # Bad arguments: one line naming what is wrong, exit 2, before any work.
  bad_args() {  # the message expected, then lud64-mpi's arguments
    local want=$1 status=0 out
    shift
    out=$("$lud64_mpi" "$@" 2>&1) || status=$?
    if [ "$status" -ne 2 ] || [ "$(wc -l <<< "$out")" -ne 1 ] || ! grep -qF -- "$want" <<< "$out"
    then
      echo "FAIL: lud64-mpi $*: exit $status, printed: $out"
      exit 1
    fi
  }
  bad_args "--ranks=0: must be a whole number from 1 to 1048576" plan --game=davxar --ranks=0
  bad_args "--ranks given twice" plan --game=davxar --ranks=2 --ranks=3
  bad_args "unknown argument '--ranks=2'" build --game=davxar --ranks=2
  bad_args "--threads=2x: must be a whole number from 1 to 256" build --game=davxar --threads=2x
  bad_args "plan needs --game=G" plan --ranks=2
  echo "ok: bad arguments refused"
  "$tb_bench" damdaman 2 2 "$work/damdaman_ref" >/dev/null 2>&1
  for ranks in 2 3; do
    run_mpi "$ranks" build --game=davxar:pieces=3 --tb="$work/davxar_$ranks" 2>"$work/log"
    same_files "$work/davxar_ref" "$work/davxar_$ranks"
    run_mpi "$ranks" build --game=damdaman --upto=2 --tb="$work/damdaman_$ranks" 2>"$work/log"
    same_files "$work/damdaman_ref" "$work/damdaman_$ranks"
  done
  # Threads per rank share the forward pass and each batch of the backward
  # pass (and `tb build` reads as `lud64 tb build` does).
  run_mpi 2 tb build --game=davxar:pieces=3 --threads=2 --tb="$work/davxar_2t" 2>"$work/log"
  same_files "$work/davxar_ref" "$work/davxar_2t"
  # The rank count must not change anything: a rerun keeps every file.
  run_mpi 2 build --game=davxar:pieces=3 --tb="$work/davxar_3" 2>"$work/log"
  grep -q "present" "$work/log" && ! grep -q "positions in" "$work/log" ||
    { echo "FAIL: rerun rebuilt components"; cat "$work/log"; exit 1; }
  echo "1 passed, 0 failed"
  exit 0
fi

kill_a_rank() {  # job pid: kills one of its lud64-mpi ranks, expects the job to fail
  local job=$1 rank="" parent
  # $job is the subshell running mpirun, or mpirun itself; ranks are mpirun's children.
  for parent in "$job" $(pgrep -P "$job" || true); do
    rank=$(pgrep -P "$parent" -x lud64-mpi | head -1 || true)
    [ -n "$rank" ] && break
  done
  [ -n "$rank" ] || { echo "FAIL: no rank found to kill"; wait "$job" || true; exit 1; }
  kill -9 "$rank"
  if wait "$job"; then echo "FAIL: the job survived a killed rank"; exit 1; fi
  echo "killed rank $rank"
}

# Starts a build of davxar:pieces=3 into $1 (stderr to $2) and kills one of
# its ranks inside the largest component (3v3) once a checkpoint of its
# backward pass exists.
kill_inside_3v3() {
  local dir=$1 log=$2 job
  run_mpi 2 build --game=davxar:pieces=3 --checkpoint-every=0 --tb="$dir" 2>"$log" &
  job=$!
  for _ in $(seq 1 1200); do
    ls "$dir/checkpoints" 2>/dev/null | grep -q '_3v3_h0-0.lud64tb.2ranks.r1.g[1-9][0-9]*$' && break
    sleep 0.05
  done
  kill_a_rank "$job"
}

# resume: the rerun keeps the finished components and resumes 3v3 from the
# checkpoint.
dir="$work/davxar_killed"
kill_inside_3v3 "$dir" "$work/log1"
run_mpi 2 build --game=davxar:pieces=3 --checkpoint-every=0 --tb="$dir" 2>"$work/log2"
present=$(grep -c ": present" "$work/log2" || true)
[ "$present" -gt 0 ] || { echo "FAIL: the rerun kept no component"; cat "$work/log2"; exit 1; }
echo "rerun kept $present components"
grep "3v3, 3v3 remove: resumed from the checkpoint at distance [1-9]" "$work/log2" ||
  { echo "FAIL: the rerun did not resume 3v3 from a checkpoint"; cat "$work/log2"; exit 1; }
[ -z "$(ls "$dir/checkpoints")" ] || { echo "FAIL: checkpoints left behind"; exit 1; }
rmdir "$dir/checkpoints"
rm -f "$dir"/*.tmp.*  # temporary files of the killed job (ignored by readers)
same_files "$work/davxar_ref" "$dir"

# A damaged checkpoint: the rerun says which and why, and solves 3v3 from the
# start.
dir="$work/davxar_damaged"
kill_inside_3v3 "$dir" "$work/log3"
for f in "$dir"/checkpoints/*_3v3_h0-0.lud64tb.2ranks.r*.g*; do
  printf 'x' | dd of="$f" bs=1 seek=100 conv=notrunc 2>/dev/null
done
run_mpi 2 build --game=davxar:pieces=3 --checkpoint-every=0 --tb="$dir" 2>"$work/log4"
grep "3v3, 3v3 remove: checkpoint .*: checksum mismatch; solving it from the start" "$work/log4" ||
  { echo "FAIL: the rerun did not name the damaged checkpoint"; cat "$work/log4"; exit 1; }
rm -f "$dir"/*.tmp.*
rmdir "$dir/checkpoints"
same_files "$work/davxar_ref" "$dir"
echo "1 passed, 0 failed"
