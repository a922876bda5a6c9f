#!/usr/bin/env bash
# The reduction kernel in blocks along a long side, the entry's rule (a side
# of at most 4, K from 128): C with a side of 1 to 32 and the other of 64 to
# 16384, K of 128 to 16384 (seeds 11, 12 and 13), lanes at most K / 4; auto
# against dot=1, and two shapes it does not take; cuBLAS.
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
rnd() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    s = round(math.exp(r.uniform(0, math.log(32)))); l = round(math.exp(r.uniform(math.log(64), math.log(16384))))
    k = round(math.exp(r.uniform(math.log(128), math.log(16384))))
    out.append('%dx%dx%d' % ((s, l, k) if r.random() < 0.5 else (l, s, k)))
print(','.join(out))"; }
A=4096x1x4096,1x4096x4096,4096x2x4096,2x4096x4096,4096x4x4096,4x4096x4096,4096x8x4096,8x4096x4096,4096x16x4096,16x4096x4096,4096x32x4096,32x4096x4096
B=16384x1x16384,1x16384x16384,8192x1x512,1x8192x512,8192x8x512,8x8192x512,8192x1x128,8x8192x128,100000x8x128,30000x3x3000,3x30000x3000,2000x1x50000
echo "f32 $(rnd 11 24) $(rnd 13 24)" > $O/shapes.txt; echo "f64 $(rnd 12 16)" >> $O/shapes.txt
for R in 1 2; do
  for set in "$A" "$B" "$(rnd 11 24)" "$(rnd 13 24)"; do run before --shape $set --param dot=1; run auto --shape $set; done
  run before --shape "$(rnd 12 16)" --dtype f8 --param dot=1; run auto --shape "$(rnd 12 16)" --dtype f8
  run before --shape "$A" --dtype f8 --param dot=1; run auto --shape "$A" --dtype f8
  run before --shape 4096,999x666x777 --param dot=1; run auto --shape 4096,999x666x777
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 250 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
