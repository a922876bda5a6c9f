#!/usr/bin/env bash
# The surface of this tree on the H100 (2026-11-27; seeds not used before: transposes seed 5,
# products seed 23): transposes of 20 shapes of 256 to 8192 per side
# per element type and the named shapes; products of 30 shapes of 64 to 8192 per side
# and named ones, with cuBLAS (PyTorch, TF32
# off) on the products. Release build in .device-build (tools/gpu-build.sh); OUT: the output
# folder (DTYPES: the transposes' element types; NO_MM set: no products). Each step has a
# time limit; progress.txt says what ran. The transposes run without the host BLAS peer.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-surface
A=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
[ -n "${NO_MM:-}" ] || timeout 150 $A bench matmul --sweep 30 --seed 23 --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/sw-mm.jsonl 2>>$OUT/err.txt; step "matmul sweep rc $?"
[ -n "${NO_MM:-}" ] || timeout 60 $A bench matmul --shape 4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000 --strategy auto --compare none --format json > $OUT/named-mm.jsonl 2>>$OUT/err.txt; step "matmul named rc $?"
[ -n "${NO_MM:-}" ] || timeout 60 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/sw-mm.jsonl $OUT/named-mm.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
for dt in ${DTYPES:-f4 u1 u2 f8 c16}; do
	timeout 45 $A bench transpose --dtype $dt --shape 4096x4096,8191x8193,16384x16384,16383x16385,3x1000000,1000000x3 --strategy auto --compare none --format json > $OUT/named-tr-$dt.jsonl 2>>$OUT/err.txt; step "transpose named $dt rc $?"
	timeout 45 $A bench transpose --sweep 20 --seed 5 --sweep-range 256:8192 --dtype $dt --strategy auto --compare none --format json > $OUT/sw-tr-$dt.jsonl 2>>$OUT/err.txt; step "transpose sweep $dt rc $?"
done
