#!/usr/bin/env bash
# Packed products' stores into a C the blocks do not divide in the cost
# model: the f32 products whose choice it changes (13 of 355 from the
# sweeps) and gen2.py's shallow seed 11 with aligned rows' neighbours,
# this tree before (new3) and after (new4), two rounds in turn; cuBLAS after.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-clip
S=10206x5568x54,10467x4157x116,13275x2461x125,1346x5541x6625,13862x3473x121,2095x16283x117,4241x3037x712,6953x1466x1971,7145x6170x86,7443x4224x88,8043x7332x90,8079x771x3318,8099x2814x154,5821x8196x33,9043x7392x60,15402x2504x111,14988x1984x117,6001x5000x40,9000x7000x100,3001x12000x64
for round in 1 2; do
	for tree in new3 new4; do
		B=$PWD/exp/gpu/$tree
		LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 timeout 60 $B/tools/txf/txf bench matmul --strategy auto --compare none --format json --shape $S 2>>$OUT/err.txt | sed "s/^{/{\"tree\":\"$tree\",\"round\":$round,/" >> $OUT/ab.jsonl
		echo "$round $tree rc $?" >> $OUT/progress.txt
	done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/ab.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
gzip $OUT/ab.jsonl
