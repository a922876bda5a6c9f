# vgen.py SEED E: 12 shapes whose output rows start on 64-byte lines (rows * E a multiple of 64), outputs of
# 1.3 to 14 MiB drawn log-uniformly, for E-byte elements.
import sys, random, math
r = random.Random(int(sys.argv[1])); E = int(sys.argv[2]); out = []
while len(out) < 12:
    rows = (64 // E) * r.randint(3, 120) if E < 64 else r.randint(3, 400)
    b = math.exp(r.uniform(math.log(1.3 * 2**20), math.log(14 * 2**20)))
    cols = round(b / (rows * E))
    if cols < 40: continue
    out.append('%dx%d' % (rows, cols))
print(','.join(out))
