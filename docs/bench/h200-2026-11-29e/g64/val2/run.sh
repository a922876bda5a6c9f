#!/bin/bash
# The 64 x 64 set of 64 work-items from 1e9 multiply-adds: two fits (A: slots 16, B: slots 8) against 0dcf248 (old), auto,
# two rounds, on sweeps of seeds 1101-1103 (never used before) and named products, cuBLAS (PyTorch, TF32 off) in the
# same call.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v64b
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
SECONDS=0
N=4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,1024x1024x1024,2048x2048x2048,3000x5000x700,1500x1500x1500,1066x2462x276,3934x1086x1395,6050x462x7367,2000x640x300,64x50000x64,64x64x50000,8192x128x8192,512x512x512,768x768x768
for round in 1 2; do
  for tree in old A B; do
    T=$D/$tree/tools/txf/txf
    for S in "--shape $N" "--sweep 32 --seed 1101 --sweep-range 512:8192" "--sweep 32 --seed 1102 --sweep-range 1024:4096" "--sweep 32 --seed 1103 --sweep-range 64:8192"; do
      TXF_CACHE_DIR=/tmp/c-$tree timeout 90 $T bench matmul $S --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"tree\":\"$tree\",|" >> $OUT/val.jsonl
    done
    echo "$round $tree $SECONDS" >> $OUT/progress.txt
  done
done
timeout 150 python3 $D/torch_mm.py $OUT/val.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/val.jsonl
