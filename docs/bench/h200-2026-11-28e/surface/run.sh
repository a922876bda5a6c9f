#!/usr/bin/env bash
# The surface of this tree on the H200 (2026-11-28): transposes of sweeps of
# seed 9 (20 shapes of 1024 to 16384 per side, most of 2^22 elements or more)
# and seed 10 (20 of 256 to 8192) per element type, skinny shapes (a side of
# 1 to 16, 2^22 to 2^25 elements) and the named shapes; f32 products
# of sweeps of seeds 171 (1024 to 8192 per side) and 172 (64 to 8192) and
# named ones, then f64 of seed 173, with cuBLAS (PyTorch, TF32 off) after
# them. Release build in B (tools/gpu-build.sh); OUT: the output folder.
# Each step has a time limit; progress.txt says what ran.
set -u
B=${B:-$PWD/.device-build-nb}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-surface
A=$B/tools/txf/txf
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
J="--strategy auto --compare none --format json"
timeout 120 $A bench matmul --sweep 30 --seed 171 --sweep-range 1024:8192 $J > $OUT/mm.jsonl 2>>$OUT/err.txt; step "matmul sweep 171 rc $?"
timeout 90 $A bench matmul --sweep 30 --seed 172 --sweep-range 64:8192 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "matmul sweep 172 rc $?"
timeout 90 $A bench matmul --shape 4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "matmul named rc $?"
timeout 90 $A bench matmul --dtype f8 --sweep 16 --seed 173 --sweep-range 256:8192 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "dgemm sweep rc $?"
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mm.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
for dt in f4 u1 u2 f8 c16; do
	timeout 60 $A bench transpose --sweep 20 --seed 9 --sweep-range 1024:16384 --dtype $dt $J >> $OUT/tr.jsonl 2>>$OUT/err.txt; step "transpose sweep 9 $dt rc $?"
	timeout 45 $A bench transpose --sweep 20 --seed 10 --sweep-range 256:8192 --dtype $dt $J >> $OUT/tr.jsonl 2>>$OUT/err.txt; step "transpose sweep 10 $dt rc $?"
	timeout 60 $A bench transpose --dtype $dt --shape 4096x4096,8191x8193,16383x16385,3x1000000,1000000x3,5x1200000,1500000x7,13x400000,400000x11,2x3000000,16x262144,262144x16 $J >> $OUT/tr.jsonl 2>>$OUT/err.txt; step "transpose named $dt rc $?"
done
gzip $OUT/mm.jsonl $OUT/tr.jsonl
