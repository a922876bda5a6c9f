#!/usr/bin/env bash
# affinity.sh BUILD OUT: one product per process, 12 processes with POCL_AFFINITY 0 and 1 in turn
# (from the checkout's root; BUILD a release build). Each line: affinity, shape, fastest and median ms of 5 runs.
set -u
A=$1/tools/txf/txf; O=$2
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
for i in $(seq 12); do for aff in 0 1; do for s in "--dtype f8 --shape 1593x92x227" "--dtype f4 --shape 1024x1024x1024"; do
  POCL_AFFINITY=$aff $A bench matmul $s --strategy auto --compare none --repeat 5 | awk -v a=$aff '/^txf/ {print a, $2, $10, $11}' >> "$O"
done; done; done
