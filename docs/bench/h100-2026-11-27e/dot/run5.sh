#!/usr/bin/env bash
# The reduction kernel, fifth call: its K loop unrolled by 1, 2 (cl/) and 4
# (u1/, u4/ from mkvar.sh: cl/ with DOT_UNROLL's default changed), auto, on random shapes
# (f32 seed 7, f64 seed 8, as run4.sh), four C of one column, a K sweep of
# three C; the kernels before (dot=1) once; cuBLAS on every shape.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { local tag=$1 kp=$2; shift 2
  env TXF_KERNEL_PATH=$kp TXF_CACHE_DIR=/tmp/cache-$tag LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV timeout 250 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json --strategy auto "$@" | sed "s|^{|{\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
rnd() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    m = round(math.exp(r.uniform(0, math.log(32)))); n = round(math.exp(r.uniform(0, math.log(32))))
    k = round(math.exp(r.uniform(math.log(1e5), math.log(1e7)))); out.append('%dx%dx%d' % (m, n, k))
print(','.join(out))"; }
R32=$(rnd 7 24); R64=$(rnd 8 12),16x16x1000000
S=10x1x2529205,23x1x1562037,20x1x1012894,21x1x572312,8x8x8192,8x8x65536,8x8x4000000,16x16x8192,16x16x65536,16x16x1000000,3x5x8192,3x5x65536,3x5x3000000
R=1
run before $PWD/cl --shape $R32 --param dot=1
run before $PWD/cl --shape $S --param dot=1
run before $PWD/cl --shape $R64 --param dot=1 --dtype f8
for R in 1 2; do
  for v in u1 u2 u4; do
    kp=$PWD/cl; [ $v = u2 ] || kp=$D/$v
    run $v $kp --shape $R32
    run $v $kp --shape $S
    run $v $kp --shape $R64 --dtype f8
  done
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 250 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
