#!/usr/bin/env bash
# Checks on unseen shapes (gen2.py): f32 and f64 "slim" products of seed 10,
# 0005265 (old), ccfeb25 (nb: f32 slices by work-items) and the tree (new2:
# f64 too); f32 "shallow" products with odd C rows of seed 11, nb against
# new2 (padcopy from 1.2e7 elements). Release builds in exp/gpu/TREE; two
# rounds in turn; cuBLAS after.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-ab2
G=${G:-docs/bench/h200-2026-11-29/slices/gen2.py}
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
SL=$(python3 $G slim 10); SH=$(python3 $G shallow 11)
run() { # tree dtype shapes
	B=$PWD/exp/gpu/$1
	LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 timeout 45 $B/tools/txf/txf bench matmul --dtype $2 --strategy auto --compare none --format json --shape $3 2>>$OUT/err.txt |
		sed "s/^{/{\"tree\":\"$1\",\"round\":$round,/" >> $OUT/ab.jsonl
	step "$round $1 $2 rc $?"
}
for round in 1 2; do
	for tree in old nb new2; do run $tree f4 $SL; run $tree f8 $SL; done
	for tree in nb new2; do run $tree f4 $SH; done
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/ab.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
gzip $OUT/ab.jsonl
