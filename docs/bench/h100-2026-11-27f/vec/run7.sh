#!/usr/bin/env bash
# This tree's auto against 55dc208's (exp/prevdev, kernels exp/prev/cl), in
# turn, two rounds, on the classes this tree's NVIDIA rules take, with shapes
# no earlier call used: 16 products of 9 to 32 rows times 2048 to 65536
# columns over a K of 192 to 16384 (seed 41), eight of 2048 to 65536 rows
# times 17 to 32 columns over a K of 200 to 16384 (seed 42), eight of a C of
# at most four 8 x 8 parts under 32768 multiply-adds over a K of 64 or more
# (seed 43); f32 and f64; cuBLAS (PyTorch, TF32 off) in the same call.
. "$(dirname "$0")/common.sh"
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
inturn "f4 $S" "f8 $S"
finish
