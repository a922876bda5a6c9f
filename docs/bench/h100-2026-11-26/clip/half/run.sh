#!/usr/bin/env bash
# f2 products with K slices (padcopy, padded C and its sum) and without: this tree against 82a37ab
# (exp/gpu/h0), alternating, three rounds, in two shape orders.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H0=$PWD/exp/gpu/h0; NEW=$PWD/.device-build
NAMED=4093x4093x4093,8191x8193x4097,3000x5000x700,999x666x777,2083x4733x66,1000x1000x1000
SMALL=999x666x777,1000x1000x1000,777x555x1333,500x700x2000
run() { # build tag args...
  local v=$1 tag=$2; shift 2
  if [ $v = h0 ]; then A=$H0/tools/txf/txf; K=$H0/cl; else A=$NEW/tools/txf/txf; K=$PWD/cl; fi
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 100 $A bench matmul --repeat 15 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
for R in 1 2 3; do
  for v in now h0; do
    run $v f2small --shape $SMALL --strategy auto --dtype f2
    run $v f2named --shape $NAMED --strategy auto --dtype f2
    run $v bf16small --shape $SMALL --strategy auto --dtype bf16
    run $v x3small --shape $SMALL --strategy auto --precision 3xtf32
  done
done
cd /tmp && tar czf $OUT/o.tgz o
