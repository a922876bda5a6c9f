#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
t0=$(date +%s)
el() { echo "$1 $(( $(date +%s) - t0 )) s" >> $OUT/log.txt; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/env.txt 2>&1
X_KIN=1 X_LDSM=1 TXF_CACHE_DIR=/tmp/c-ldsm timeout 150 $D/tests/test_matmul16 > $OUT/t16-ldsm.txt 2>&1; el "t16 ldsm rc $?"
X_KIN=1 TXF_CACHE_DIR=/tmp/c-kin timeout 150 $D/tests/test_matmul16 > $OUT/t16-kin.txt 2>&1; el "t16 kin rc $?"
S=8192x8192x8192,4096x4096x4096,4093x4093x4093,2048x2048x2048,3000x5000x700,1000x1000x1000
for r in 1 2; do
 for v in base kin ldsm; do
  case $v in base) E="";; kin) E="X_KIN=1";; ldsm) E="X_KIN=1 X_LDSM=1";; esac
  for t in f2 bf16; do
   sh=$S; [ $t = bf16 ] && sh=8192x8192x8192,4096x4096x4096
   env $E TXF_CACHE_DIR=/tmp/c-$v timeout 100 $A bench matmul --dtype $t --shape $sh --strategy auto --compare none --repeat 10 > $OUT/$v-$t-$r.txt 2>&1
  done; el "$v $r"
 done
done
for f in $OUT/*-f2-*.txt $OUT/*-bf16-*.txt; do echo "== $(basename $f)"; grep -E "^txf" $f | awk '{print $2, $3, $(NF-3), $(NF-1), $NF}'; done > $OUT/summary.txt
