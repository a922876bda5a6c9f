#!/usr/bin/env python3
"""Best ratio to copy per shape and version (base, new) from run.sh's sk.jsonl(.gz), then
min / median per element type and size class (over 5e6 elements or not). Lines cut short
by a time limit are skipped. Usage: summ.py sk.jsonl.gz"""
import collections, gzip, json, statistics, sys

rows = []
with (gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1], 'rt') as f:
    for line in f:
        try:
            rows.append(json.loads(line))
        except ValueError:
            pass
best = collections.defaultdict(list)
for r in rows:
    if r['impl'] == 'txf':
        best[(r['dtype'], r['rows'], r['cols'], r['v'])].append((r['ratio'], r['check']))
shapes = sorted({k[:3] for k in best}, key=lambda k: (k[0], k[1] * k[2], k[1] > k[2], min(k[1], k[2])))
summary = collections.defaultdict(list)
for k in shapes:
    b, n = best[k + ('base',)], best[k + ('new',)]
    if not b or not n:
        continue
    rb, rn = max(x[0] for x in b), max(x[0] for x in n)
    checks = ','.join(sorted({x[1] for x in b + n}))
    print(f'{k[0]} {k[1]:>9} x {k[2]:<9} base {rb:.2f} new {rn:.2f} {checks}')
    summary[(k[0], k[1] * k[2] > 5e6)].append((rb, rn))
for (dt, big), v in sorted(summary.items()):
    b, n = [x[0] for x in v], [x[1] for x in v]
    print(f'{dt} {"2^24-2^25" if big else "2^22"}: base min {min(b):.2f} median {statistics.median(b):.2f}, '
          f'new min {min(n):.2f} median {statistics.median(n):.2f} ({len(v)} shapes)')
