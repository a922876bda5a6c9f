#!/usr/bin/env bash
# The product's scalars in one struct argument (this tree) against 8e95a88 (14 arguments;
# exp/gpu/h1), alternating, three rounds: small and mid-size f32, f64, tf32 products and the f32
# sweep 1; then test_matmul on the device.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H1=$PWD/exp/gpu/h1; NEW=$PWD/.device-build
SMALL=64x64x64,96x80x72,128x128x128,256x256x256,333x222x259,512x512x512,999x666x777,1000x1000x1000,64x64x50000,64x50000x64,2083x4733x66,1032x4911x70
run() { # build tag args...
  local v=$1 tag=$2; shift 2
  if [ $v = h1 ]; then A=$H1/tools/txf/txf; K=$H1/cl; else A=$NEW/tools/txf/txf; K=$PWD/cl; fi
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 100 $A bench matmul --repeat 21 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
for R in 1 2 3; do
  for v in now h1; do
    run $v f4 --shape $SMALL --strategy auto
    run $v f8 --shape $SMALL --strategy auto --dtype f8
    run $v tf32 --shape $SMALL --strategy auto --precision tf32
    run $v sweep1 --sweep 30 --seed 1 --sweep-range 64:8192 --strategy auto
  done
done
step tests-start
( cd .device-build/tests && for t in test_matmul; do
  s=$(date +%s); LD_LIBRARY_PATH=$PWD/../libs:$PWD/../lib:$NV TXF_KERNEL_PATH=$OLDPWD/cl TXF_CACHE_DIR=/tmp/cache-tests timeout 220 ./$t > $O/$t.txt 2>&1; rc=$?
  echo "$t rc $rc $(( $(date +%s) - s )) s $(grep -E 'PASSED|FAILED  \]' $O/$t.txt | head -2 | tr '\n' ' ')" >> $O/tests.txt; done )
cd /tmp && tar czf $OUT/o.tgz o
