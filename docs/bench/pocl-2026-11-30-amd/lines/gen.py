import sys
E = int(sys.argv[1])
out = []
for pitch in (64 * 17, 64 * 25, 64 * 33, 64 * 47, 1024, 1536, 2048, 2560, 3072, 4096):
    R = pitch // E
    for mib in (2, 4, 8, 12, 16, 24):
        C = round(mib * 2**20 / (R * E))
        if C < 64 or C > 40000: continue
        out.append('%dx%d' % (R, C))
print(' '.join(out))
