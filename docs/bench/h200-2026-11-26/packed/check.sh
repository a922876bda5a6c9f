#!/usr/bin/env bash
# before/after: the packed kernels for 1- and 2-byte inputs off words whose output rows start on words
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
declare -A B; B[after]=$PWD/.device-build/tools/txf/txf; B[before]=$PWD/.device-build/before-build/tools/txf/txf
S=8192x8193,16384x4097,12288x5001,6000x7003,4096x16385,10000x3333,8191x8193,8192x8192
W=/tmp/u1v; mkdir -p $W
for r in 1 2; do for v in before after; do for dt in u1 u2; do
  TXF_CACHE_DIR=/tmp/c-u1v-$v ${B[$v]} bench transpose --dtype $dt --shape $S --strategy auto --compare none --repeat 10 --format json > $W/$v-$dt-r$r.jsonl 2>>$W/err.txt
done; done; done
tar czf $OUT/d.tgz -C $W .
