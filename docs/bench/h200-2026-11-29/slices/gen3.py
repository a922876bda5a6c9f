# Unseen products of the classes the count of work-items moved and gen2.py
# left out: "rows" 1 to 4 rows of C, 1024 to 16384 columns, K 256 to 16384;
# "cols" 2048 to 16384 rows, 5 to 16 columns, the same K. Seeded; 16 each.
import math, random, sys
kind, seed = sys.argv[1], int(sys.argv[2])
r = random.Random(seed)
def lu(lo, hi): return int(round(math.exp(r.uniform(math.log(lo), math.log(hi)))))
out = []
while len(out) < 16:
    k = lu(256, 16384)
    m, n = (r.randint(1, 4), lu(1024, 16384)) if kind == 'rows' else (lu(2048, 16384), r.randint(5, 16))
    if m * n * k > 2**33: continue
    out.append(f"{m}x{n}x{k}")
print(",".join(out))
