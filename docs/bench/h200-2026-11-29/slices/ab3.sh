#!/usr/bin/env bash
# Checks on unseen shapes (gen3.py): products of 1 to 4 rows (seed 12) and
# of 5 to 16 columns (seed 13), f32 and f64, 0005265 (old) against 5ed9434
# (new2). Release builds in exp/gpu/TREE; two rounds in turn; cuBLAS after.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-ab3
G=${G:-docs/bench/h200-2026-11-29/slices/gen3.py}
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
SR=$(python3 $G rows 12); SC=$(python3 $G cols 13)
run() { # tree dtype shapes
	B=$PWD/exp/gpu/$1
	LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 timeout 45 $B/tools/txf/txf bench matmul --dtype $2 --strategy auto --compare none --format json --shape $3 2>>$OUT/err.txt |
		sed "s/^{/{\"tree\":\"$1\",\"round\":$round,/" >> $OUT/ab.jsonl
	step "$round $1 $2 rc $?"
}
for round in 1 2; do
	for tree in old new2; do run $tree f4 $SR; run $tree f8 $SR; run $tree f4 $SC; run $tree f8 $SC; done
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/ab.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
gzip $OUT/ab.jsonl
