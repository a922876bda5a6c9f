#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
S=8192x8192x8192,4096x4096x4096,4093x4093x4093,2048x2048x2048
for v in base xp xp32l3 xp32l2 xp16l3; do
  case $v in base) E="";; xp) E="X_XP=1";; xp32l3) E="X_XP=1 X_KWG=32 X_LBUF=3";; xp32l2) E="X_XP=1 X_KWG=32 X_LBUF=2";; xp16l3) E="X_XP=1 X_LBUF=3";; esac
  for sh in ${S//,/ }; do
   env $E X_PROF=1 TXF_CACHE_DIR=/tmp/c-$v timeout 60 $A bench matmul --dtype f2 --shape $sh --strategy auto --compare none --repeat 10 > $OUT/o.txt 2> $OUT/e.txt
   tot=$(grep -E "^txf" $OUT/o.txt | awk '{print $(NF-3), $(NF-1), $NF}')
   prof=$(grep XPROF $OUT/e.txt | python3 -c '
import sys,collections,statistics
d=collections.defaultdict(list)
for l in sys.stdin:
  _,k,t=l.split(); d[k].append(float(t))
print(" ".join(f"{k}={statistics.median(v):.3f}" for k,v in d.items()))')
   echo "$v $sh total[$tot] $prof" | tee -a $OUT/summary.txt
  done
done
rm -f $OUT/o.txt $OUT/e.txt
