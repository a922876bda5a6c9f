#!/usr/bin/env bash
# POCL surfaces: transpose sweeps (u1, f4, f8) against the copy and the host
# BLAS's ?omatcopy, an sgemm sweep against the host BLAS; auto, built-in table.
# Usage: sweep.sh BUILD OUTDIR  (BUILD: a release build with -Dblas=enabled)
set -u
A=$1/tools/txf/txf; O=$2; mkdir -p "$O"
export TXF_TUNING=0 TXF_CACHE_DIR=${TXF_CACHE_DIR:-/tmp/txf-pocl-sweep}
t0=$(date +%s)
for dt in f4 f8 u1; do
  $A bench transpose --dtype $dt --sweep 20 --seed 1 --sweep-range 16:4096 --strategy auto --compare blas --format json > "$O/tr-$dt.jsonl"
  echo "transpose $dt $(( $(date +%s) - t0 )) s"
done
$A bench matmul --sweep 24 --seed 1 --sweep-range 16:1024 --strategy auto --compare blas --format json > "$O/mm-f4.jsonl"
echo "matmul $(( $(date +%s) - t0 )) s"
grep -h '"op":"summary"' "$O"/*.jsonl
