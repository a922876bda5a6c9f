#!/usr/bin/env bash
# f32 on the matrix units (precision tf32 and 3xtf32, and f16 and bf16
# inputs): each work-item's two adjacent elements of a fragment row as one
# store where C's rows start on even elements (this tree's cl/) against
# element stores (750aa9a's cl/, in exp/prevcl2), this tree's library and
# txf, auto, in turn, two rounds: named products and random ones (m, n 512
# to 16384, K 16 to 1024, n even, log-uniform, Python's random, seed 97).
# `summ.py call1`.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
S=4096x4096x64,4096x4096x256,4096x4096x1024,2048x2048x1024,3000x5000x700,999x666x777,1000x1000x1000,13323x2372x32,1005x8366x75,9476x8086x174,3540x590x643,8631x1834x21,2335x5268x488,1186x1476x46,2136x980x579,1154x3382x21,6848x748x21,3235x11870x212,6726x2458x934,1176x550x181,2965x1016x22,4006x1192x29
for R in 1 2; do
  for who in old new; do
    if [ $who = old ]; then kp=$PWD/exp/prevcl2; else kp=$PWD/cl; fi
    for a in "f4 --precision tf32" "f4 --precision 3xtf32" "f2" "bf16"; do
      [ $SECONDS -gt 420 ] && break
      env TXF_KERNEL_PATH=$kp TXF_CACHE_DIR=/tmp/cache-$who LD_LIBRARY_PATH=$B/lib:$B/libs:$NV \
        timeout 150 $B/tools/txf/txf bench matmul --shape $S --dtype $a --strategy auto \
        --compare none --repeat 15 --format json |
        sed "s|^{|{\"round\":$R,\"set\":\"$who\",\"how\":\"$a\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$R $who $a rc $? $SECONDS s" >> $O/progress.txt
    done
  done
done
cp $O/* $OUT/
