#!/bin/bash
# chunked kernel: runs per work-group (CKR) and output run alignment (CKA bytes)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$PWD/exp/gpu/ck/tt
R=$OUT/ck.jsonl
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/smi.txt
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 16383_16385 8191_8193 5964_7180 4390_8813 2137_9022 14694_2102 3336_13201 1205_11421; do
    sh=${sh/_/ }
    for e in 1 2; do
      if [ $e = 1 ]; then P="tile=128 wg_rows=2"; else P="tile=64 wg_rows=4"; fi
      [ $SECONDS -gt 480 ] && break 3
      for v in "1 32" "2 32" "4 32" "8 32" "1 16" "2 16" "4 16"; do
        set -- $v
        CKR=$1 CKA=$2 $T $e $sh 20 strategy=pad packed=2 $P | sed "s|^{|{\"round\":$round,\"ckr\":$1,\"cka\":$2,|" >> $R
      done
    done
  done
done
echo "seconds $SECONDS" > $OUT/done.txt
