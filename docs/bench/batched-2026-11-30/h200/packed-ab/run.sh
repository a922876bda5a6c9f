#!/bin/bash
# The packed kernel moved into a function (pk_tile) for the batched kernel:
# 52c9979 (old) against this tree (new), single matrices of 1- and 2-byte
# elements (and f4), auto against the copy in the same process, two rounds
# in turn.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v4
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0
S=4096x4096,2048x2048,8192x1024,1024x8192,4096x3000,3000x4096,16384x512,6000x6016
for round in 1 2; do
  order="old new"; [ $round = 2 ] && order="new old"
  for tree in $order; do
    K=$PWD/cl; [ $tree = old ] && K=$D/old/cl
    for dt in u1 u2 f4; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/c-$tree timeout 60 $D/$tree/tools/txf/txf bench transpose --shape $S --dtype $dt --strategy auto --compare none --format json --repeat 9 2>>$OUT/err.txt | sed "s|^{|{\"tree\":\"$tree\",\"round\":$round,|" >> $OUT/ab.jsonl
    done
  done
done
