#!/usr/bin/env bash
# Where the chunked kernel starts to win: auto (at the time: the packed
# kernels below 4 MB of 1-byte and 16 MB of 2-byte inputs with both sides
# off, 12 MB of 1-byte ones aligned on one side) against the chunked kernel
# forced, 1 to 15 MB, three rounds. Release build in .device-build; OUT:
# the output folder. one_side.py data/thresholds.jsonl.gz summarises it.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-ck13
A=$PWD/.device-build/tools/txf/txf
O=$OUT
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
# one side aligned (input rows on words or output rows on sectors), 2 to 10 MB; both off, 1 to 4 MB
S1=1001x2000,2000x2000,1500x4000,2000x4000,2500x4000,4000x1001,4000x2001,2048x3001,4096x2501,1001x1001,1001x2001,1501x2001,999x3001,1201x3001,1999x1999
S2=1001x2000,1500x2000,2000x2000,2000x2500,1000x4001,2000x2001,1600x2001,1001x1001,1001x2001,1501x2001,999x3001,1999x1999,2001x3001,2501x3001
for R in 1 2 3; do
  for dt in u1 u2; do
    if [ $dt = u1 ]; then S=$S1; else S=$S2; fi
    for v in auto forced; do
      if [ $v = forced ]; then P="--strategy pad --param packed=2"; else P="--strategy auto"; fi
      timeout 80 $A bench transpose --dtype $dt --shape $S $P --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,|" >> $O/thresholds.jsonl 2>>$O/err.txt; step "$R $v $dt rc $?"
    done
  done
done

