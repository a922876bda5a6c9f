#!/usr/bin/env bash
# cp.async with an L2 prefetch size: none, 128 B, 256 B; alternating, two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf
O=$OUT/pf; mkdir -p $O
t0=$(date +%s)
one() { local v=$1 tag=$2; shift 2
  TXF_KERNEL_PATH=$PWD/exp/pf/$v TXF_CACHE_DIR=/tmp/p-$v timeout 150 $A bench matmul --strategy auto --compare none --repeat 10 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt; }
for round in 1 2; do
 for v in p0 p128 p256; do
  one $v f8 --dtype f8 --shape 8192,4096,3000x5000x700
  one $v f2 --dtype f2 --shape 8192,4096
  one $v t32 --dtype f4 --precision tf32 --shape 8192
  echo "round $round $v $(( $(date +%s) - t0 )) s" >> $O/log.txt
 done
done
nvidia-smi --query-gpu=name --format=csv >> $O/log.txt 2>&1
cd $OUT && tar czf pf.tgz pf && rm -rf pf
