#!/usr/bin/env bash
# A C of at most four 8 x 8 parts over a K of 64 to 65535, where the NVIDIA
# entry does not take the reduction kernel (under 32768 multiply-adds it
# runs the simple kernel, one work-item per element of C): auto against
# the reduction kernel forced with the lanes the entry would give it (at
# most 256 work-items, at most K / 4 lanes) and its K slices; f32 and f64,
# two rounds; cuBLAS (PyTorch, TF32 off) on every shape in the same call.
# AUTO_ONLY=1: auto alone (call2 ran auto again so, its first 44 shapes
# having been refused by txf bench's limit of 32 a run).
. "$(dirname "$0")/common.sh"
SH=$(python3 -c "
import random, math
r = random.Random(5); out = ['1x20x961', '20x1x961', '1x1x1000', '1x1x10000', '4x4x500', '8x8x1000', '3x5x3000',
  '16x16x2000', '16x16x20000', '8x8x30000', '1x32x4000', '32x1x4000', '2x28x178', '12x12x12000', '5x7x50000',
  '24x8x700', '8x24x700', '16x16x256', '1x16x128', '7x3x300']
while len(out) < 44:
    m = round(math.exp(r.uniform(0, math.log(32)))); n = round(math.exp(r.uniform(0, math.log(32))))
    if ((m + 7) // 8) * ((n + 7) // 8) > 4: continue
    k = round(math.exp(r.uniform(math.log(64), math.log(65535)))); out.append('%dx%dx%d' % (m, n, k))
print(' '.join(out))")
lanes() { python3 -c "
m, n, k = map(int, '$1'.split('x'))
def side(x): return (x, (x + 7) // 8) if x <= 32 else (8, 1)
parts = side(m)[1] * side(n)[1]
l = 8
while l * 2 * parts <= 256 and l * 2 * 4 <= k: l *= 2
print(l)"; }
for R in 1 2; do
  for DT in f4 f8; do
    for half in "$(echo $SH | cut -d' ' -f1-22)" "$(echo $SH | cut -d' ' -f23-)"; do
      env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl timeout 200 $B/tools/txf/txf bench matmul \
        --shape $(echo $half | tr ' ' ,) --dtype $DT --strategy auto --compare none --repeat 15 --format json |
        sed "s|^{|{\"round\":$R,\"set\":\"auto\",|" >> $O/mm.jsonl 2>>$O/err.txt
    done
    [ -n "${AUTO_ONLY:-}" ] || for s in $SH; do
      env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl timeout 60 $B/tools/txf/txf bench matmul \
        --shape $s --dtype $DT --strategy pad --param dot=$(lanes $s) --compare none --repeat 15 --format json |
        sed "s|^{|{\"round\":$R,\"set\":\"dot\",|" >> $O/mm.jsonl 2>>$O/err.txt
    done
    echo "$R $DT $(date +%s)" >> $O/progress.txt
  done
done
finish
