#!/bin/bash
# f32 products with m, n, k >= 1024: the kernels as built, and with -cl-nv-maxrregcount=128 (LD_PRELOAD shim), in turn, two rounds
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/rr
export LD_LIBRARY_PATH=$D/lib:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/tools/txf/txf
S1=$(cat $D/s1.txt) S2=$(cat $D/s2.txt)
SECONDS=0
for round in 1 2; do
  for v in none cap128; do
    if [ $v = none ]; then X=""; else X="-cl-nv-maxrregcount=128"; fi
    L=""; [ $round = 1 ] && L=$OUT/regs-$v.txt
    for s in "$S1" "$S2"; do
      XCLOPT="$X -cl-nv-verbose" XCLLOG=$L LD_PRELOAD=$D/shim.so TXF_CACHE_DIR=/tmp/c-$v-$round timeout 150 $T bench matmul --shape $s --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"v\":\"$v\",|" >> $OUT/rr.jsonl
    done
    echo "$round $v $SECONDS" >> $OUT/progress.txt
  done
done
gzip $OUT/rr.jsonl
