#!/usr/bin/env bash
# The surface's f32 sweep 172 (30 products of 64 to 8192 per side) and named
# products, 0005265 (old) and this tree (new3) in turn, two rounds; cuBLAS
# after.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-surf
J="--strategy auto --compare none --format json"
for round in 1 2; do
	for tree in old new3; do
		B=$PWD/exp/gpu/$tree; A=$B/tools/txf/txf
		export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64
		timeout 90 $A bench matmul --sweep 30 --seed 172 --sweep-range 64:8192 $J 2>>$OUT/err.txt | sed "s/^{/{\"tree\":\"$tree\",\"round\":$round,/" >> $OUT/mm.jsonl
		timeout 90 $A bench matmul --shape 4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000 $J 2>>$OUT/err.txt | sed "s/^{/{\"tree\":\"$tree\",\"round\":$round,/" >> $OUT/mm.jsonl
		echo "$round $tree rc $?" >> $OUT/progress.txt
	done
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mm.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
gzip $OUT/mm.jsonl
