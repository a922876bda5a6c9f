#!/usr/bin/env bash
# The reduction kernel, third call (the lanes' sums added in two steps):
# (1) K from 2048 to 262144 on six small C, the kernels before (dot=1)
# against dot forced with the entry's lanes; (2) random shapes (m, n
# log-uniform in 1..32, k in 1e5..1e7; f32 seeds 7 and 9, f64 seeds 8 and
# 10), auto against dot=1; (3) f64 lanes; (4) four named shapes the kernel
# does not take, auto against dot=1; cuBLAS on every shape.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
D=$(dirname "$0")
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV timeout 250 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json --strategy auto "$@" | sed "s|^{|{\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
rnd() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    m = round(math.exp(r.uniform(0, math.log(32)))); n = round(math.exp(r.uniform(0, math.log(32))))
    k = round(math.exp(r.uniform(math.log(1e5), math.log(1e7)))); out.append('%dx%dx%d' % (m, n, k))
print(','.join(out))"; }
R32=$(rnd 7 24),$(rnd 9 16); R64=$(rnd 8 12),$(rnd 10 12)
echo "f32 $R32" > $O/shapes.txt; echo "f64 $R64" >> $O/shapes.txt
for R in 1 2; do
  for cl in 8x8:256 16x16:64 3x5:256 1x16:128 32x8:64 4x4:256; do
    C=${cl%:*} L=${cl#*:} S=""
    for K in 2048 8192 32768 65536 262144; do S="$S${S:+,}${C}x$K"; done
    run kbefore --shape $S --param dot=1
    run kdot --shape $S --param dot=$L
  done
  run rbefore --shape $R32 --param dot=1
  run rauto --shape $R32
  run rbefore --shape $R64 --dtype f8 --param dot=1
  run rauto --shape $R64 --dtype f8
  run f8before --shape 16x16x1000000,8x8x2000000,16x4x2000000 --dtype f8 --param dot=1
  for L in 64 128 256; do run f8dot$L --shape 16x16x1000000,8x8x2000000,16x4x2000000 --dtype f8 --param dot=$L; done
  run cbefore --shape 4096,999x666x777,64x64x50000,64x50000x64 --param dot=1
  run cauto --shape 4096,999x666x777,64x64x50000,64x50000x64
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 250 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
