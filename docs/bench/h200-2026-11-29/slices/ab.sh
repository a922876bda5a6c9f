#!/usr/bin/env bash
# K slices by work-items: this tree against 0005265, release builds (lib/ and
# tools/txf/txf, -Dblas=disabled) in exp/gpu/nb and exp/gpu/old,
# in turn, two rounds: f32 products with a side of 1 to 128 (gen.py seeds 7
# and 8), tiny C over deep K, f64 of seed 8; then cuBLAS on every shape.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-ab
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
S7=$(python3 docs/bench/h200-2026-11-29/slices/gen.py 7); S8=$(python3 docs/bench/h200-2026-11-29/slices/gen.py 8)
TINY=16x16x1000000,8x8x4000000,16x16x200000,12x13x500000,30x20x300000,1x1x2000000
sets="$(echo $S7 | cut -d, -f1-23) $(echo $S7 | cut -d, -f24-) $(echo $S8 | cut -d, -f1-23) $(echo $S8 | cut -d, -f24-) $TINY"
for round in 1 2; do
	for tree in old nb; do
		B=$PWD/exp/gpu/$tree
		for S in $sets; do
			LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 timeout 50 $B/tools/txf/txf bench matmul --strategy auto --compare none --format json --shape $S 2>>$OUT/err.txt |
				sed "s/^{/{\"tree\":\"$tree\",\"round\":$round,/" >> $OUT/ab.jsonl
			step "$round $tree f4 rc $?"
		done
		LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 timeout 50 $B/tools/txf/txf bench matmul --dtype f8 --strategy auto --compare none --format json --shape $(echo $S8 | cut -d, -f1-23) 2>>$OUT/err.txt |
			sed "s/^{/{\"tree\":\"$tree\",\"round\":$round,/" >> $OUT/ab.jsonl
		step "$round $tree f8 rc $?"
	done
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/ab.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
gzip $OUT/ab.jsonl
