#!/usr/bin/env bash
# The reduction kernel, fourth call (f64 parts of 4 x 4): random shapes (m, n
# log-uniform in 1..32, k in 1e5..1e7; f32 seeds 7 and 9, f64 seeds 8 and
# 10), auto against dot=1; f64 shapes of run3.sh under 0.8 of cuBLAS; cuBLAS
# on every shape.
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
echo "f32 $(rnd 7 24) $(rnd 9 16)" > $O/shapes.txt; echo "f64 $(rnd 8 12) $(rnd 10 12)" >> $O/shapes.txt
F8LOW=16x16x1000000,8x8x2000000,1x9x568081,2x28x178921,26x3x539872,32x1x5251968,2x17x4437902
for R in 1 2; do
  for sd in "7 24" "9 16"; do run rbefore --shape $(rnd $sd) --param dot=1; run rauto --shape $(rnd $sd); done
  for sd in "8 12" "10 12"; do run rbefore --shape $(rnd $sd) --dtype f8 --param dot=1; run rauto --shape $(rnd $sd) --dtype f8; done
  run f8before --shape $F8LOW --dtype f8 --param dot=1
  run f8auto --shape $F8LOW --dtype f8
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 250 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
