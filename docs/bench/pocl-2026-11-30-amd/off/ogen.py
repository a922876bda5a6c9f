# ogen.py SEED E: 14 shapes whose output rows start off 64-byte lines, outputs of 1.3 to 24 MiB.
import sys, random, math
r = random.Random(int(sys.argv[1])); E = int(sys.argv[2]); out = []
while len(out) < 14:
    rows = r.randint(200, 6000)
    if rows * E % 64 == 0: continue
    b = math.exp(r.uniform(math.log(1.3 * 2**20), math.log(24 * 2**20)))
    cols = round(b / (rows * E))
    if cols < 40: continue
    out.append('%dx%d' % (rows, cols))
print(' '.join(out))
