#!/usr/bin/env bash
# This tree's auto against 55dc208's (exp/prevdev, kernels exp/prev/cl), in
# turn, two rounds, on the classes this tree's NVIDIA rules take, with shapes
# no earlier call used: 16 products of 9 to 32 rows times 2048 to 65536
# columns over a K of 192 to 16384 (seed 41), eight of 2048 to 65536 rows
# times 17 to 32 columns over a K of 200 to 16384 (seed 42), eight of a C of
# at most four 8 x 8 parts under 32768 multiply-adds over a K of 64 or more
# (seed 43); f32 and f64; cuBLAS (PyTorch, TF32 off) in the same call.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/o; rm -rf $O; mkdir -p $O
S=$(python3 -c "
import random, math
L = lambda r, a, b: round(math.exp(r.uniform(math.log(a), math.log(b))))
out = []
r = random.Random(41)
for _ in range(16): out.append('%dx%dx%d' % (r.randint(9, 32), L(r, 2048, 65536), L(r, 192, 16384)))
r = random.Random(42)
for _ in range(8): out.append('%dx%dx%d' % (L(r, 2048, 65536), r.randint(17, 32), L(r, 200, 16384)))
r = random.Random(43); n = 0
while n < 8:
    m, c = r.randint(1, 32), r.randint(1, 32); k = L(r, 64, 4096)
    if ((m + 7) // 8) * ((c + 7) // 8) > 4 or m * c * k >= 32768: continue
    out.append('%dx%dx%d' % (m, c, k)); n += 1
print(','.join(out))")
for R in 1 2; do
  for who in old new; do
    if [ $who = old ]; then B=$PWD/exp/prevdev; KP=$PWD/exp/prev/cl; else B=$PWD/.device-build; KP=$PWD/cl; fi
    for DT in f4 f8; do
      env TXF_KERNEL_PATH=$KP TXF_CACHE_DIR=/tmp/cache-$who LD_LIBRARY_PATH=$B/lib:$PWD/.device-build/libs:$NV \
        timeout 200 $B/tools/txf/txf bench matmul --shape $S --dtype $DT --strategy auto --compare none \
        --repeat 15 --format json | sed "s|^{|{\"round\":$R,\"set\":\"$who\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$R $who $DT rc $?" >> $O/progress.txt
    done
  done
done
timeout 200 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $?" >> $O/progress.txt
cp $O/* $OUT/
