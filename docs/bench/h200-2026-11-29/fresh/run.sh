#!/usr/bin/env bash
# Fresh-seed surface (seeds never used before), H200 then the host's POCL.
set -u
B=${B:-$PWD/exp/gpu/s38}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0 TXF_BINARY_CACHE=0
export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-s38
A=$B/tools/txf/txf
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
J="--strategy auto --compare none --format json"
timeout 100 $A bench matmul --sweep 24 --seed 501 --sweep-range 1024:8192 $J > $OUT/mm.jsonl 2>>$OUT/err.txt; step "mm 501 rc $?"
timeout 90 $A bench matmul --sweep 24 --seed 502 --sweep-range 16:8192 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "mm 502 rc $?"
timeout 60 $A bench matmul --shape 24x7001x5003,5003x24x7001,7001x5003x24,40x40x300000,9000x9000x16,6000x6001x5,1x8000x8000,8000x1x8000,120x9000x3000,3000x120x9000 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "mm skinny rc $?"
timeout 80 $A bench matmul --dtype f8 --sweep 16 --seed 503 --sweep-range 64:8192 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "mm f8 503 rc $?"
timeout 130 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mm.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
for dt in f4 u1 u2 f8 c16 f2 i1 bf16 c8; do
	timeout 40 $A bench transpose --sweep 14 --seed 505 --sweep-range 1024:16384 --dtype $dt $J >> $OUT/tr.jsonl 2>>$OUT/err.txt; step "tr 505 $dt rc $?"
	timeout 30 $A bench transpose --sweep 14 --seed 506 --sweep-range 64:8192 --dtype $dt $J >> $OUT/tr.jsonl 2>>$OUT/err.txt; step "tr 506 $dt rc $?"
	timeout 30 $A bench transpose --dtype $dt --shape 7x777777,600000x9,21x300000,250000x27,31x135301,1x5000000 $J >> $OUT/tr.jsonl 2>>$OUT/err.txt; step "tr skinny $dt rc $?"
done
export POCL_AFFINITY=1
for dt in f4 u1 f8; do
	timeout 40 $A bench transpose --device Portable --sweep 12 --seed 507 --sweep-range 64:6000 --dtype $dt $J >> $OUT/pocl.jsonl 2>>$OUT/err.txt; step "pocl 507 $dt rc $?"
done
gzip $OUT/mm.jsonl $OUT/tr.jsonl $OUT/pocl.jsonl
