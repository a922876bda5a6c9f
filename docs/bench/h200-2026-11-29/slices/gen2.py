# Unseen shapes for the checks: "slim" products with 5 to 32 rows or columns
# and a K of 256 or more, the other side 1024 to 16384; or "shallow"
# products with a K of 1 to 24 under a C of 2^20 to 2^26 elements whose
# columns are not a multiple of 4. Seeded; 24 of each.
import math, random, sys
kind, seed = sys.argv[1], int(sys.argv[2])
r = random.Random(seed)
def lu(lo, hi): return int(round(math.exp(r.uniform(math.log(lo), math.log(hi)))))
out = []
while len(out) < 24:
    if kind == 'slim':
        s, a, k = lu(5, 32), lu(1024, 16384), lu(256, 16384)
        m, n = (s, a) if len(out) % 2 == 0 else (a, s)
        if m * n * k > 2**34: continue
    else:
        m, n, k = lu(1000, 16000), lu(1000, 16000), lu(1, 24)
        if n % 4 == 0 or not (2**20 <= m * n <= 2**26): continue
    out.append(f"{m}x{n}x{k}")
print(",".join(out))
