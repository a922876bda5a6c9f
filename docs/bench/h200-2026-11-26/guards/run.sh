#!/usr/bin/env bash
# before/after: guards only on edge blocks and the last partial K step
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH
A=$PWD/.device-build/tools/txf/txf
declare -A K; K[before]=$PWD/exp/grd/cl-before; K[after]=$PWD/cl
W=/tmp/grd; mkdir -p $W
S=2083x4733x66,1032x4911x70,3022x1222x145,1740x4480x246,2047x5402x66,5384x437x165,1611x1661x68,4897x5363x277,1749x4673x88,999x666x777,1000x1000x1000,3000x5000x700,2000x2000x2001,1234x2345x3456
t0=$(date +%s)
for r in 1 2; do
 for v in before after; do
  export TXF_KERNEL_PATH=${K[$v]} TXF_CACHE_DIR=/tmp/c-grd-$v
  for s in 41 42; do $A bench matmul --sweep 30 --seed $s --sweep-range 64:8192 --strategy auto --compare none --format json > $W/$v-r$r-s$s.jsonl 2>>$W/err.txt; done
  $A bench matmul --shape $S --strategy auto --compare none --format json > $W/$v-r$r-named.jsonl 2>>$W/err.txt
  $A bench matmul --shape $S --strategy pad --compare none --format json > $W/$v-r$r-pad.jsonl 2>>$W/err.txt
  $A bench matmul --shape $S --strategy pad --precision tf32 --compare none --format json > $W/$v-r$r-tf32.jsonl 2>>$W/err.txt
  $A bench matmul --shape $S --strategy pad --precision 3xtf32 --compare none --format json > $W/$v-r$r-3x.jsonl 2>>$W/err.txt
  $A bench matmul --shape $S --dtype f8 --strategy pad --compare none --format json > $W/$v-r$r-f8.jsonl 2>>$W/err.txt
  echo "$r $v $(( $(date +%s) - t0 ))"
 done
done
python3 docs/bench/h100-2026-11-25/model/mm_torch.py $W/after-r1-s41.jsonl $W/after-r1-s42.jsonl $W/after-r1-named.jsonl > $W/torch.jsonl 2>>$W/err.txt
tar czf $OUT/d.tgz -C $W .
