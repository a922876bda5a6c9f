#!/usr/bin/env bash
# K slices past 64 (H100): the parent's txf and library (BASE, default
# exp/base: tools/txf/txf, lib/) against this tree's (.device-build),
# alternating, two rounds, auto: f32 products with a small C over a deep K
# and control shapes; f8 and f2 on some of the deep ones; then cuBLAS
# (torch_mm.py) on the f4 and f8 shapes. Results in $OUT/o.tgz.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
BASE=${BASE:-$PWD/exp/base}
NEW=$PWD/.device-build
D=$(dirname "$0")
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
DEEP=64x64x50000,16x16x1000000,32x32x200000,128x128x50000,100x100x100000,256x256x65536,64x128x200000,200x300x40000,512x512x32768,96x64x300000,8x8x4000000,1000x1000x16384
CTRL=4096,1000,999x666x777,64x50000x64,3000x5000x700,2048x2048x8192
F8=64x64x50000,128x128x50000,256x256x65536,16x16x1000000,512x512x32768
run() { local v=$1 tag=$2; shift 2
  if [ $v = new ]; then T=$NEW/tools/txf/txf L=$NEW/libs:$NEW/lib:$NV; else T=$BASE/tools/txf/txf L=$NEW/libs:$BASE/lib:$NV; fi
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$L timeout 200 $T bench matmul --repeat 15 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"; }
for R in 1 2; do
  for v in base new; do
    run $v deep --shape $DEEP --strategy auto
    run $v ctrl --shape $CTRL --strategy auto
    run $v f8 --shape $F8 --strategy auto --dtype f8
    run $v f2 --shape $F8 --strategy auto --dtype f2
  done
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 200 python3 $D/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
