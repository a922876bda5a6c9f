#!/usr/bin/env bash
# POCL surfaces: transpose sweeps (u1, u2, f4, f8) against the copy and the
# host BLAS's ?omatcopy; sgemm and dgemm sweeps against the host BLAS; auto,
# built-in table, POCL's threads pinned. Seeds and ranges as in
# ../../pocl-2026-11-25/sweep.sh, and a wider product sweep.
# Three rounds (r1..r3); best.py keeps each row's fastest round.
# Usage: sweep.sh BUILD OUTDIR  (BUILD: a release build with -Dblas=enabled)
set -u
A=$1/tools/txf/txf; O=$2; mkdir -p "$O"
export TXF_TUNING=0 POCL_AFFINITY=1 TXF_CACHE_DIR=${TXF_CACHE_DIR:-/tmp/txf-pocl-sweep}
t0=$(date +%s)
for r in 1 2 3; do
for dt in f4 f8 u1 u2; do
  $A bench transpose --dtype $dt --sweep 20 --seed 1 --sweep-range 16:4096 --strategy auto --compare blas --format json > "$O/tr-$dt-r$r.jsonl"
  echo "transpose $dt $(( $(date +%s) - t0 )) s"
done
$A bench matmul --sweep 24 --seed 1 --sweep-range 16:1024 --strategy auto --compare blas --format json > "$O/mm-f4-r$r.jsonl"
$A bench matmul --sweep 30 --seed 2 --sweep-range 16:4096 --strategy auto --compare blas --format json > "$O/mm-f4-wide-r$r.jsonl"
$A bench matmul --dtype f8 --sweep 30 --seed 2 --sweep-range 16:4096 --strategy auto --compare blas --format json > "$O/mm-f8-wide-r$r.jsonl"
echo "matmul $(( $(date +%s) - t0 )) s"
done
