#!/usr/bin/env bash
# f32 products with one side of 1 to 128 (gen.py, seed 7, 45 products): auto,
# forced strategies and kernels, then cuBLAS (PyTorch, TF32 off).
set -u
# A release build of 0005265 (lib/ and tools/txf/txf) in B.
B=${B:-$PWD/exp/gpu/nb}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-skinny
A=$B/tools/txf/txf
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
S=$(python3 docs/bench/h200-2026-11-29/slices/gen.py 7)
S1=$(echo $S | cut -d, -f1-23); S2=$(echo $S | cut -d, -f24-)
for S in $S1 $S2; do
J="--compare none --format json --shape $S"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
timeout 60 $A bench matmul --strategy auto $J >> $OUT/mm.jsonl 2>>$OUT/err.txt; step "auto rc $?"

for v in "--strategy pad" "--strategy padcopy" "--strategy auto --param dot=1" "--strategy auto --param ksplit=1" "--strategy auto --param kvec=1"; do
	timeout 40 $A bench matmul $v $J 2>>$OUT/err.txt | sed "s/^{/{\"variant\":\"$v\",/" >> $OUT/var.jsonl; step "$v rc $?"
done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mm.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"; gzip $OUT/*.jsonl
