# Products with one side of 1 to 128 and the other two 256 to 16384
# (log-uniform, seeded), C at most 2^26 elements: "m,n,k" per line.
import math, random, sys
r = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
def lu(lo, hi): return int(round(math.exp(r.uniform(math.log(lo), math.log(hi)))))
out = []
while len(out) < 45:
    which = len(out) % 3
    s = lu(1, 128); a = lu(256, 16384); b = lu(256, 16384)
    m, n, k = [(s, a, b), (a, s, b), (a, b, s)][which]
    if m * n > 2**26 or m * n * k > 2**36: continue
    out.append(f"{m}x{n}x{k}")
print(",".join(out))
