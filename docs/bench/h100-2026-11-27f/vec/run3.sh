#!/usr/bin/env bash
# A long A times 17 to 32 columns: this tree (f32: the NVIDIA entry's 128 x 32
# blocks) against 55dc208 (exp/prevdev, kernels exp/prev/cl) in turn, two
# rounds; 24 random f32 products (m log-uniform in 2048..65536, n in 17..32,
# k log-uniform in 128..16384, seed 9) and 8 f64 ones as controls (seed 10);
# cuBLAS (PyTorch, TF32 off) in the same call.
. "$(dirname "$0")/common.sh"
shapes() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    m = round(math.exp(r.uniform(math.log(2048), math.log(65536)))); n = r.randint(17, 32)
    k = round(math.exp(r.uniform(math.log(128), math.log(16384)))); out.append('%dx%dx%d' % (m, n, k))
print(','.join(out))"; }
S4=$(shapes 9 24); S8=$(shapes 10 8)
inturn "f4 $S4" "f8 $S8"
finish
