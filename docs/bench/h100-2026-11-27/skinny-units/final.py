#!/usr/bin/env python3
"""This tree's figures on the H100 from the two calls: few columns of 1- and 2-byte elements
whose output rows start off a work-item's units from cols.sh's call (version funnel, this
tree's rule and kernels), every other shape from run.sh's (version new, the same kernels),
each against the parent commit (base) in the same call. Usage: final.py DIR"""
import collections, gzip, json, statistics, sys

def load(path):
    best = collections.defaultdict(list)
    with gzip.open(path, 'rt') as f:
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r['impl'] == 'txf':
                best[(r['dtype'], r['rows'], r['cols'], r['v'])].append(r['ratio'])
    return {k: max(v) for k, v in best.items()}

run, cols = load(sys.argv[1] + '/sk.jsonl.gz'), load(sys.argv[1] + '/cols.jsonl.gz')
summary = collections.defaultdict(list)
for (dt, rows, c, v) in sorted(run):
    if v != 'new':
        continue
    elem = {'u1': 1, 'u2': 2}.get(dt, 8)
    side = min(rows, c)
    units = 4  # bytes of a short row per work-item, as lib/fit.c txf__skinny_units
    while units < elem or units * side < 16:
        units *= 2
    shifted = rows > c and elem < 4 and rows % (units // elem) != 0
    src = cols if shifted else run
    key = 'funnel' if shifted else 'new'
    b, n = src[(dt, rows, c, 'base')], src[(dt, rows, c, key)]
    print(f'{dt} {rows:>9} x {c:<9} base {b:.2f} this tree {n:.2f}{" (shifted units)" if shifted else ""}')
    summary[(dt, rows * c > 5e6)].append((b, n))
for (dt, big), v in sorted(summary.items()):
    b, n = [x[0] for x in v], [x[1] for x in v]
    print(f'{dt} {"2^24-2^25" if big else "2^22"}: base min {min(b):.2f} median {statistics.median(b):.2f}; '
          f'this tree min {min(n):.2f} median {statistics.median(n):.2f} ({len(v)} shapes)')
