#!/usr/bin/env bash
# u1 transposes over 16 MB: which side's alignment costs (input rows on or off words, output rows on or off)
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-u1g
S=8192x8192,8192x8193,8193x8192,8191x8193,8192x8196,8196x8192,16384x4096,16384x4097,16385x4096
W=/tmp/u1g; mkdir -p $W
for r in 1 2; do
 for dt in u1 u2; do
  $A bench transpose --dtype $dt --shape $S --strategy auto,pad --compare none --repeat 10 --format json > $W/$dt-r$r-auto.jsonl 2>>$W/err.txt
  $A bench transpose --dtype $dt --shape $S --strategy pad --param packed=1 --compare none --repeat 10 --format json > $W/$dt-r$r-packed.jsonl 2>>$W/err.txt
  $A bench transpose --dtype $dt --shape $S --strategy pad --param packed=-1 --compare none --repeat 10 --format json > $W/$dt-r$r-runs.jsonl 2>>$W/err.txt
 done
done
tar czf $OUT/d.tgz -C $W .
