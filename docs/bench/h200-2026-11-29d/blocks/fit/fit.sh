#!/bin/bash
# Fit data for block sets 96 x 128, 128 x 96 and 96 x 96 in the cost model: each set unpacked (pad, the device's
# local buffers, K steps of 16) and its staged variant packed (padcopy, lbuf 3, K steps of 8), with the 128 x 128
# and 128 x 64 sets beside, one K slice, on sweeps 601 and 602; and (pad) the calibration products of txf tune.
# Two calls: the first ran the padcopy rows (fit-padcopy.jsonl.gz; its pad rows were refused, ksplit given
# twice), the second the pad rows (fit-pad.jsonl.gz), as this script runs them.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/blk  # new/: slim release build of the tree before (31f2ff9)
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
SETS="C128 pad 128,128,16,16,16,2,2 lbuf=0
C64 pad 128,64,16,16,16,4,4 lbuf=0
M96 pad 96,128,16,16,16,2,2 lbuf=0
N96 pad 128,96,16,16,16,2,2 lbuf=0
Q96 pad 96,96,16,16,16,2,2 lbuf=0
C128 padcopy 128,128,8,16,16,2,2 lbuf=3
C64 padcopy 128,64,8,16,16,2,2 lbuf=3
M96 padcopy 96,128,8,16,16,1,2 lbuf=3
N96 padcopy 128,96,8,16,16,2,1 lbuf=3
Q96 padcopy 96,96,8,16,16,1,1 lbuf=3"
CAL=3200x3200x2048,5760x2880x2048,2976x3072x2048,3072x2976x2048,2976x2976x2048
for round in 1 2; do
  echo "$SETS" | while read name st p l; do
    for S in "--sweep 32 --seed 601 --sweep-range 512:8192" "--sweep 32 --seed 602 --sweep-range 1024:8192" "--shape $CAL"; do
      [ "$st" = padcopy ] && [ "${S:0:7}" = "--shape" ] && continue
      TXF_CACHE_DIR=/tmp/c-$name-$st timeout 60 $T bench matmul $S --strategy $st --params $p --param $l --param ksplit=1 --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"set\":\"$name\",|" >> $OUT/fit-$st.jsonl
    done
    echo "$round $name $st $SECONDS" >> $OUT/progress.txt
  done
done
gzip $OUT/fit-*.jsonl
