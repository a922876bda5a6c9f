#!/usr/bin/env bash
# auto on 1- and 2-byte transposes, the build before the chunked kernel
# (7d814b4; its release txf, library and cl/ in B4, default exp/gpu/b4) and
# this tree (.device-build, tools/gpu-build.sh) alternating, three rounds:
# 18 named shapes and a sweep of 30 (seed 3, 256 to 8192 per side) per
# element type; in the first round also five shapes with one side on words
# or sectors, this tree's auto against the chunked kernel forced. OUT: the
# output folder. summ.py summarises final.jsonl.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH
B4=${B4:-$PWD/exp/gpu/b4}
O=$OUT
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
NAMED=4096x4096,8191x8193,16384x16384,16383x16385,3x1000000,1000000x3,4093x4099,9838x2254,4422x12810,14625x4534,2701x5692,3001x2999,2501x4001,5001x3001,1999x5003,1375x3175,6000x7003,1000x999
ALIGNED=8192x8193,8193x8192,9223x4868,2701x5692,16384x16384
for R in 1 2 3; do
  if [ $R = 1 ]; then for dt in u1 u2; do
    for v in forced auto; do
      if [ $v = forced ]; then P="--strategy pad --param packed=2"; else P="--strategy auto"; fi
      TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-after timeout 60 $PWD/.device-build/tools/txf/txf bench transpose --dtype $dt --shape $ALIGNED $P --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"aligned\",|" >> $O/final.jsonl 2>>$O/err.txt; step "$R $v $dt rc $?"
    done
  done; fi
  for b in before after; do
    if [ $b = before ]; then A=$B4/tools/txf/txf; K=$B4/cl; else A=$PWD/.device-build/tools/txf/txf; K=$PWD/cl; fi
    for dt in u1 u2; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$b timeout 60 $A bench transpose --dtype $dt --shape $NAMED --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$b\",\"round\":$R,\"set\":\"named\",|" >> $O/final.jsonl 2>>$O/err.txt; step "$R $b $dt named rc $?"
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$b timeout 60 $A bench transpose --dtype $dt --sweep 30 --seed 3 --sweep-range 256:8192 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$b\",\"round\":$R,\"set\":\"sweep\",|" >> $O/final.jsonl 2>>$O/err.txt; step "$R $b $dt sweep rc $?"
    done
  done
done
