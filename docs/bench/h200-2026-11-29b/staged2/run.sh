#!/bin/bash
# Packed f32 products (padcopy) on cp.async stages for each cost-model set: 128 x 128 x 8 (lbuf 3, wmap 1 and 2),
# 256 x 128 x 4 (lbuf 3, wmap 2) against the large set as it is, 128 x 64 x 8 and 64 x 64 x 8 (lbuf 3) against
# their register-staged sets unpacked (pad); one K slice; two rounds.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/stg2  # new/: the slim build of the tree before the 128 x 64 variant (the staged kernel as here); shim.so from ../../h100-2026-11-27b/f64/shim.c
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
S1=$(cat $D/s1.txt) S2=$(cat $D/s2.txt)
SECONDS=0
CFGS=("S3 padcopy 128,128,8,16,16,2,2 lbuf=3 wmap=1" "S3w padcopy 128,128,8,16,16,2,2 lbuf=3 wmap=2"
      "L3 padcopy 256,128,4,16,16,4,2 lbuf=3 wmap=2" "L1 padcopy 256,128,32,16,16,4,4 lbuf=1 wmap=2"
      "H3 padcopy 128,64,8,16,16,2,2 lbuf=3 wmap=1" "H1 pad 128,64,16,16,16,4,4 lbuf=1 wmap=1"
      "Q3 padcopy 64,64,8,16,16,2,2 lbuf=3 wmap=1" "Q1 pad 64,64,16,16,16,4,4 lbuf=1 wmap=1")
for cfg in "${CFGS[@]}"; do
  set -- $cfg
  XCLOPT="-cl-nv-verbose" XCLLOG=$OUT/regs.txt LD_PRELOAD=$D/shim.so TXF_CACHE_DIR=/tmp/c-r timeout 60 $T bench matmul --shape 1000x1000x1000 --strategy $2 --params $3 --param $4 --param $5 --compare none --repeat 1 >> $OUT/regs-runs.txt 2>&1
  echo "== $cfg" >> $OUT/regs.txt
done
echo "regs $SECONDS" >> $OUT/progress.txt
for round in 1 2; do
  for cfg in "${CFGS[@]}"; do
    set -- $cfg
    for S in "$S1" "$S2"; do
      TXF_CACHE_DIR=/tmp/c-$1 timeout 100 $T bench matmul --shape $S --strategy $2 --params $3 --param $4 --param $5 --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"set\":\"$1\",|" >> $OUT/stg.jsonl
    done
    echo "$round $1 $SECONDS" >> $OUT/progress.txt
  done
done
gzip $OUT/stg.jsonl
