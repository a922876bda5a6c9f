#!/bin/bash
# chunked kernel: input rows per work-group (TXF_X_CKH) and tile, u1 and u2, two rounds in turn
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$PWD/exp/gpu/ckh/tt
R=$OUT/ckh.jsonl
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/smi.txt
SECONDS=0
U1="16383_16385 8191_8193 4168_7745 12396_3819 2650_5383 12365_2985 3981_13009 5065_2491 2137_9022 1205_11421"
U2="16383_16385 8191_8193 4168_7745 12396_3819 12365_2985 3981_13009 2137_9022"
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in $U1; do
    [ $SECONDS -gt 540 ] && break 2
    for v in "128 2 128" "128 2 192" "128 2 256" "64 4 64" "64 4 256" "64 4 512" "32 8 512" "32 8 1024"; do
      set -- $v
      TXF_X_CKH=$3 $T 1 ${sh/_/ } 20 strategy=pad packed=2 tile=$1 wg_rows=$2 | sed "s|^{|{\"round\":$round,\"h\":$3,|" >> $R
    done
  done
  for sh in $U2; do
    [ $SECONDS -gt 540 ] && break 2
    for v in "64 4 64" "64 4 128" "64 4 256" "32 8 256" "32 8 512"; do
      set -- $v
      TXF_X_CKH=$3 $T 2 ${sh/_/ } 20 strategy=pad packed=2 tile=$1 wg_rows=$2 | sed "s|^{|{\"round\":$round,\"h\":$3,|" >> $R
    done
  done
  echo "round $round $SECONDS" >> $OUT/progress.txt
done
echo "seconds $SECONDS" > $OUT/done.txt
