#!/bin/bash
# The chunked kernel moved into a function (ck_tile) for the batched kernel:
# 52c9979 (old) against this tree (new), single matrices of 1- and 2-byte
# elements with both sides off words, auto against the copy in the same process, two rounds
# in turn.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v4
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0
S=4095x4093,8191x4097,3001x5003,6001x6003,2047x2049,12287x1023
for round in 1 2; do
  order="old new"; [ $round = 2 ] && order="new old"
  for tree in $order; do
    K=$PWD/cl; [ $tree = old ] && K=$D/old/cl
    for dt in u1 u2; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/c-$tree timeout 60 $D/$tree/tools/txf/txf bench transpose --shape $S --dtype $dt --strategy auto --compare none --format json --repeat 9 2>>$OUT/err.txt | sed "s|^{|{\"tree\":\"$tree\",\"round\":$round,|" >> $OUT/ab.jsonl
    done
  done
done
