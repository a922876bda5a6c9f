#!/usr/bin/env bash
# matrix-unit pipeline unrolled by LBUF (constant stage offsets) against HEAD (exp/gpu/h0), alternating.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; NEW=$PWD/.device-build; H0=$PWD/exp/gpu/h0
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { # build tag args
  local v=$1 tag=$2; shift 2
  if [ $v = h0 ]; then A=$H0/tools/txf/txf; K=$H0/cl; else A=$NEW/tools/txf/txf; K=$PWD/cl; fi
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 150 $A bench matmul --repeat 10 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
BIG=8192x8192x8192,4096x4096x4096,4093x4093x4093,3000x5000x700,2048x2048x2048,1000x1000x1000
for R in 1 2; do
  for v in now h0; do
    run $v f2 --shape $BIG --strategy auto --dtype f2
    run $v bf16 --shape 8192,4093 --strategy auto --dtype bf16
    run $v tf32 --shape $BIG --strategy auto --precision tf32
    run $v x3 --shape $BIG --strategy auto --precision 3xtf32
    run $v f8 --shape $BIG --strategy auto --dtype f8
    run $v f8pad --shape 4093x4093x4093,3000x5000x700 --strategy pad --dtype f8
    run $v tf32pad --shape 4093x4093x4093,3000x5000x700 --strategy pad --precision tf32
  done
done
for v in now h0; do for c in $(ls -d /tmp/cache-$v); do python3 docs/bench/h100-2026-11-26/host/sass.py $c $O/sass-$v > $O/sass-$v.txt 2>&1; done; done
step sass
rm -f $O/sass-*/*.ptx
cd /tmp && tar czf $OUT/o.tgz o
