#!/usr/bin/env bash
# The same without the binary cache (each process builds from source, so the options reach the
# driver), with -cl-nv-verbose and the option written with a space (refused by the driver).
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_X_LOG=1
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
A=$PWD/.device-build/tools/txf/txf
O=/tmp/o; rm -rf $O; mkdir -p $O
S=2083x4733x66,4897x5363x277,1749x4673x88,1032x4911x70,2047x5402x66,1611x1661x68,3022x1222x145,1740x4480x246,4518x810x256,854x2110x249,3015x455x1208,895x2415x3388,1000x2386x7117
M=-DMWG=128_-DNWG=128_-DKWG=16_-DMDIMC=16
for R in 1 2; do
for v in none verbose eq128 sp128 sp120; do
  case $v in none) X="";; verbose) X="-cl-nv-verbose";; eq128) X="-cl-nv-verbose -cl-nv-maxrregcount=128";; sp128) X="-cl-nv-verbose -cl-nv-maxrregcount 128";; sp120) X="-cl-nv-verbose -cl-nv-maxrregcount 120";; esac
  TXF_X_MOPTS="$X" TXF_X_MONLY=$M timeout 60 $A bench matmul --shape $S --repeat 15 --strategy auto --compare none --format json 2>$O/log-$v-$R.txt | sed "s|^{|{\"b\":\"$v\",\"round\":$R,|" >> $O/mm.jsonl
  echo "$R $v rc $?" >> $O/progress.txt
done
done
grep -h -A3 "maxrreg\|BUILDLOG" $O/log-*-1.txt | grep -E "BUILDLOG|registers|matmul_pad|rror" | head -40 > $O/regs.txt
cd /tmp && tar czf $OUT/o.tgz o
