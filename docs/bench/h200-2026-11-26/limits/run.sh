#!/usr/bin/env bash
# The limits experiment: the tree's matrix-unit kernel and five variants
# (make_variants.py), timed by tm (built from tm.c against the release
# build), two rounds. usage on the device: bash run.sh
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH
H=$(dirname "$0"); V=/tmp/limits-variants
python3 $H/make_variants.py . $V
for r in 1 2; do
for v in v0 v1noload v2aonly v3nolnobar v4nobar v5nomma; do
  for dt in "f2 0" "f4 3" "f4 2"; do
   for sh in "8192 8192 8192" "4096 4096 4096"; do
    echo "$r $v $(TXF_KERNEL_PATH=$V/$v/cl TXF_CACHE_DIR=/tmp/c-$v timeout 100 $H/tm $dt $sh 10 2>&1)" | tee -a $OUT/summary.txt
   done
  done
done
done
