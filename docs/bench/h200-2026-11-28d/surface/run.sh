#!/bin/bash
# auto, u1 and u2: this tree (new) and c6e664c (old: its library and kernels) in turn, two rounds;
# sweeps of seeds 9, 11, 12 (30 shapes, 1024 to 16384 per side), 10 (20, 256 to 8192) and named shapes
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export TXF_TUNING=0
A=$B/tools/txf/txf
J="--strategy auto --compare none --format json"
SECONDS=0
one() {
  v=$1; shift
  if [ $v = new ]; then L=$B/lib; K=$PWD/cl; else L=$PWD/.ckv/old; K=$PWD/.ckv/cl-old; fi
  LD_LIBRARY_PATH=$L:$B/libs:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v timeout 60 $A bench transpose "$@" $J 2>>$OUT/err.txt | sed "s/^{/{\"v\":\"$v\",\"round\":$round,/" >> $OUT/tr.jsonl
  echo "$v $* $SECONDS" >> $OUT/progress.txt
}
for round in 1 2; do
  if [ $round = 1 ]; then VS="new old"; else VS="old new"; fi
  for dt in u1 u2; do
    for v in $VS; do
      [ $SECONDS -gt 480 ] && break 3
      for s in 9 11 12; do one $v --dtype $dt --sweep 30 --seed $s --sweep-range 1024:16384; done
      one $v --dtype $dt --sweep 20 --seed 10 --sweep-range 256:8192
      one $v --dtype $dt --shape 4096x4096,8192x8192,16384x16384,8191x8193,16383x16385,6000x10000,3000x12000,11000x2500,8196x6004,4096x12291,9600x5003,5000x7000
    done
  done
done
gzip -k $OUT/tr.jsonl
