#!/usr/bin/env bash
# A tiny C over a deep K with the reduction kernel declined (dot 1): the
# tiny blocks' K slices, 0005265 (old) against the tree (new3), two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-tiny
S=16x16x1000000,8x8x4000000,16x16x300000,12x9x200000,16x16x100000,5x7x150000
for round in 1 2; do
	for tree in old new3; do
		B=$PWD/exp/gpu/$tree
		for dt in f4 f8; do
			LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 timeout 60 $B/tools/txf/txf bench matmul --dtype $dt --strategy auto --param dot=1 --compare none --format json --shape $S 2>>$OUT/err.txt |
				sed "s/^{/{\"tree\":\"$tree\",\"round\":$round,/" >> $OUT/ab.jsonl
			echo "$round $tree $dt rc $?" >> $OUT/progress.txt
		done
	done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/ab.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
gzip $OUT/ab.jsonl
