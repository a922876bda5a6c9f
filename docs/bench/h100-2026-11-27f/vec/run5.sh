#!/usr/bin/env bash
# Products with one side of 1 to 128 (log-uniform; which side at random) and
# the others of 256 to 16384: this tree against 55dc208 (exp/prevdev, kernels
# exp/prev/cl) in turn, two rounds; 32 f32 products (seed 31) and 16 f64 ones
# (seed 32); cuBLAS (PyTorch, TF32 off) in the same call.
. "$(dirname "$0")/common.sh"
shapes() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    d = [round(math.exp(r.uniform(math.log(256), math.log(16384)))) for _ in range(3)]
    d[r.randrange(3)] = round(math.exp(r.uniform(0, math.log(128))))
    out.append('x'.join(map(str, d)))
print(','.join(out))"; }
S4=$(shapes 31 32); S8=$(shapes 32 16)
inturn "f4 $S4" "f8 $S8"
finish
