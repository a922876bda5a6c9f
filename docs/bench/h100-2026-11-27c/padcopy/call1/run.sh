#!/usr/bin/env bash
# pad against padcopy (and split where the blocks divide) on the matrix units, f64, TF32 and 3xTF32, random shapes.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=$OUT/pc; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
b() { local tag=$1; shift; [ $(( $(date +%s) - t0 )) -gt 300 ] && return
  TXF_CACHE_DIR=/tmp/p-c timeout 150 $T bench matmul --compare none --repeat 10 --format json --strategy auto,pad,padcopy "$@" >> $O/$tag.jsonl 2>>$O/err.txt
  echo "$tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
b f8 --dtype f8 --sweep 20 --seed 81 --sweep-range 300:4000
b t32 --dtype f4 --precision tf32 --sweep 12 --seed 82 --sweep-range 300:4000
b x3 --dtype f4 --precision 3xtf32 --sweep 12 --seed 83 --sweep-range 300:4000
b f8b --dtype f8 --shape 1000,1500,2000x3000x500,999x666x777,3001x2999x1000
cd $OUT && tar czf pc.tgz pc && rm -rf pc
