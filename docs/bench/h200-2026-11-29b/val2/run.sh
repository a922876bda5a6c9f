#!/bin/bash
# the 128 x 128 set packed through cp.async stages (new) against the tree before (old), auto, f32 products
# with m, n, k >= 1024 (sweeps 501, 511) and 256 to 8192 (512), in turn, two rounds; then cuBLAS
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/val2  # slim builds: old (c623751) and new (this tree)
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
SECONDS=0
for round in 1 2; do
  for v in old new; do
    for s in "--sweep 24 --seed 501 --sweep-range 1024:8192" "--sweep 24 --seed 511 --sweep-range 1024:8192" "--sweep 20 --seed 512 --sweep-range 256:8192" "--sweep 20 --seed 521 --sweep-range 1024:8192" "--shape 1024x1024x1024,1000x1000x1000,2048x2048x2048,4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,3000x5000x700,2120x3885x4756,6050x462x7367,5727x4226x92,1965x3442x2289,1718x1282x1156,2312x1335x1057,1643x1533x1911,5821x8196x33,10467x4157x116"; do
      TXF_CACHE_DIR=/tmp/c-$v timeout 120 $D/$v/tools/txf/txf bench matmul $s --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"v\":\"$v\",|" >> $OUT/mdl.jsonl
    done
    echo "$round $v $SECONDS" >> $OUT/progress.txt
  done
done
timeout 240 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mdl.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $? $SECONDS" >> $OUT/progress.txt
gzip $OUT/mdl.jsonl
