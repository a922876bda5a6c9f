#!/bin/bash
# auto with the 96-row and 96-column block sets in the cost model (new) against the tree before (old), in turn, two
# rounds, on sweeps of seeds never used before and named products; then cuBLAS (PyTorch, TF32 off).
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/val3  # new/: slim release build of de1330f; old/: of 31f2ff9
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && [ $SECONDS -gt 260 ] && break
  for v in new old; do
    T=$D/$v/tools/txf/txf
    for s in "--sweep 24 --seed 801 --sweep-range 1024:6000" "--sweep 24 --seed 802 --sweep-range 512:8192" "--sweep 24 --seed 803 --sweep-range 1024:3000" "--shape 3000x5000x700,2000x2000x2000,1500x1500x1500,3000x3000x3000,6000x6000x6000,2500x1200x3000,1200x2500x3000,5000x1000x2000"; do
      TXF_CACHE_DIR=/tmp/c-$v timeout 100 $T bench matmul $s --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"v\":\"$v\",|" >> $OUT/val.jsonl
    done
    echo "$round $v $SECONDS" >> $OUT/progress.txt
  done
done
timeout 260 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/val.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $? $SECONDS" >> $OUT/progress.txt
gzip $OUT/val.jsonl
