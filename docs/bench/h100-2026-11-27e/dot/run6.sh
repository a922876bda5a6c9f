#!/usr/bin/env bash
# Products with one row or column of C (matrix-vector) and other skinny C,
# auto against cuBLAS.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV timeout 250 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json --strategy auto "$@" | sed "s|^{|{\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
G=4096x1x4096,1x4096x4096,8192x1x8192,1x8192x8192,16384x1x4096,1x16384x4096,4096x1x16384,1x4096x16384,10000x1x1000,1x10000x1000,2000x1x50000,1x2000x50000
G2=4096x2x4096,4096x4x4096,4096x8x4096,8x4096x4096,4096x16x4096,16x4096x4096,8192x8x8192,30000x3x3000,3x30000x3000,100000x8x128,8x100000x128
for R in 1 2; do
  run gemv --shape $G
  run gemv --shape $G --dtype f8
  run skinny --shape $G2
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 250 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
