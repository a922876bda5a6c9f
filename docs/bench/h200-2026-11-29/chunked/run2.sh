#!/bin/bash
# chunked kernel: the second chunk by warp shuffle (CKS) and cache hints (CKH: 1 loads and stores, 2 loads)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$PWD/exp/gpu/ck2/tt
R=$OUT/ck2.jsonl
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/smi.txt
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 37_41 1001_1103 16383_16385 8191_8193 5964_7180 4390_8813 2137_9022 14694_2102 3336_13201 1205_11421; do
    sh=${sh/_/ }
    for e in 1 2; do
      if [ $e = 1 ]; then P="tile=128 wg_rows=2"; else P="tile=64 wg_rows=4"; fi
      [ $SECONDS -gt 480 ] && break 3
      for v in "0 0" "1 0" "0 1" "0 2" "1 1"; do
        set -- $v
        CKS=$1 CKH=$2 $T $e $sh 20 strategy=pad packed=2 $P | sed "s|^{|{\"round\":$round,\"cks\":$1,\"ckh\":$2,|" >> $R
      done
    done
  done
done
echo "seconds $SECONDS" > $OUT/done.txt
