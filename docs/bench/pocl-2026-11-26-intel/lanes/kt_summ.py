#!/usr/bin/env python3
"""kt_summ.py kt.txt: per element size and shape, the fastest kernel time of
each variant over the rounds, and after / before."""
import collections, sys
d = collections.defaultdict(list)
names = []
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 7:
        continue
    if f[6] != "0":
        print("WRONG RESULT:", line.strip())
    if f[1] not in names:
        names.append(f[1])
    d[(f[2], f[3], f[4], f[1])].append(float(f[5]))
old, new = names[0], names[1]
for k in sorted({k[:3] for k in d}, key=lambda k: (int(k[0][1:]), k[1], k[2])):
    b, n = min(d[k + (old,)]), min(d[k + (new,)])
    print("%s %-10s %s  before %8.1f us  after %8.1f us  after/before %.2f" % (k + (b, n, n / b)))
