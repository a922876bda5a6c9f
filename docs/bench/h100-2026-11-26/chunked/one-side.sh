#!/usr/bin/env bash
# Shapes with one side aligned (input rows on words or output rows on
# sectors): auto (the packed kernels, before 12 MB 1-byte inputs took the
# chunked kernel) against the chunked kernel forced, u1 and u2, three
# rounds. Release build in .device-build; OUT: the output folder.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-ck9
A=$PWD/.device-build/tools/txf/txf
O=$OUT
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
S=9223x4868,2701x5692,8193x8192,5001x4000,12001x3000,3001x8192,8192x8193,4096x8191,6016x5001,2048x12001,16384x16384,4096x4096,3000x4000
for R in 1 2 3; do
  for dt in u1 u2; do
    for v in auto forced; do
      if [ $v = forced ]; then P="--strategy pad --param packed=2"; else P="--strategy auto"; fi
      timeout 80 $A bench transpose --dtype $dt --shape $S $P --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,|" >> $O/aligned.jsonl 2>>$O/err.txt; step "$R $v $dt rc $?"
    done
  done
done

