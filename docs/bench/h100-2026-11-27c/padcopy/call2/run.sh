#!/usr/bin/env bash
# TF32 products from 3e8 multiply-adds: auto (this tree) against pad, split and padcopy, new seeds and dividing shapes.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=$OUT/pc2; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
b() { local tag=$1; shift; [ $(( $(date +%s) - t0 )) -gt 200 ] && return
  TXF_CACHE_DIR=/tmp/p-c timeout 120 $T bench matmul --compare none --repeat 10 --format json --strategy auto,pad,split,padcopy "$@" >> $O/$tag.jsonl 2>>$O/err.txt
  echo "$tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
b t32 --dtype f4 --precision tf32 --sweep 14 --seed 91 --sweep-range 300:3000
b t32d --dtype f4 --precision tf32 --shape 1024,768,2048x1024x512,1536x1536x256,640x640x1024,512x512x2048
cd $OUT && tar czf pc2.tgz pc2 && rm -rf pc2
