#!/usr/bin/env bash
# Products with one side of 1 to 128 (log-uniform; which side at random) and
# the others of 256 to 16384: this tree against 55dc208 (exp/prevdev, kernels
# exp/prev/cl) in turn, two rounds; 32 f32 products (seed 31) and 16 f64 ones
# (seed 32); cuBLAS (PyTorch, TF32 off) in the same call.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/o; rm -rf $O; mkdir -p $O
shapes() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    d = [round(math.exp(r.uniform(math.log(256), math.log(16384)))) for _ in range(3)]
    d[r.randrange(3)] = round(math.exp(r.uniform(0, math.log(128))))
    out.append('x'.join(map(str, d)))
print(','.join(out))"; }
S4=$(shapes 31 32); S8=$(shapes 32 16)
for R in 1 2; do
  for who in old new; do
    if [ $who = old ]; then B=$PWD/exp/prevdev; KP=$PWD/exp/prev/cl; else B=$PWD/.device-build; KP=$PWD/cl; fi
    for a in "f4 $S4" "f8 $S8"; do
      set -- $a
      env TXF_KERNEL_PATH=$KP TXF_CACHE_DIR=/tmp/cache-$who LD_LIBRARY_PATH=$B/lib:$PWD/.device-build/libs:$NV \
        timeout 200 $B/tools/txf/txf bench matmul --shape $2 --dtype $1 --strategy auto --compare none \
        --repeat 15 --format json | sed "s|^{|{\"round\":$R,\"set\":\"$who\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$R $who $1 rc $?" >> $O/progress.txt
    done
  done
done
timeout 200 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $?" >> $O/progress.txt
cp $O/* $OUT/
