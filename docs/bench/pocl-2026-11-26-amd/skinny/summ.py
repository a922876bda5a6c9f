#!/usr/bin/env python3
"""Fastest time per shape over the rounds, before (old) and after (new), and
the kernel each took (skinny, stream or the strategy):
ratio to the fastest copy, and to the host BLAS's ?omatcopy; per element
type, the sweep's min / median / geometric mean. Usage: summ.py DIR"""
import collections, glob, gzip, json, math, os, sys

d = sys.argv[1]
best = collections.defaultdict(dict)  # (set, dtype, rows, cols) -> impl/variant -> ms
for f in glob.glob(os.path.join(d, '*.jsonl*')):
    kind, dt, v, _ = os.path.basename(f).split('.')[0].split('-')
    for line in (gzip.open(f, 'rt') if f.endswith('.gz') else open(f)):
        x = json.loads(line)
        if x.get('op') != 'transpose' or x.get('min_ms') is None:
            continue
        key = (kind, dt, x['rows'], x['cols'])
        name = v if x['impl'] == 'txf' else x['impl']
        best[key][name] = min(best[key].get(name, 1e9), x['min_ms'])
        if x['impl'] == 'txf':
            pr = x['params']
            best[key]['why_' + v] = ('skinny' if pr.get('skinny') else 'stream' if pr.get('stream')
                                     else x['chosen'])

def stats(xs):
    xs = sorted(xs)
    return '%.2f / %.2f / %.2f' % (xs[0], xs[len(xs) // 2] if len(xs) % 2 else
                                   (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2,
                                   math.exp(sum(map(math.log, xs)) / len(xs)))

size = {'u1': 1, 'u2': 2, 'f4': 4, 'f8': 8, 'c16': 16}
for dt in ['u1', 'u2', 'f4', 'f8', 'c16']:
    for kind in sorted({k[0] for k in best}):
        keys = sorted(k for k in best if k[0] == kind and k[1] == dt)
        if not keys:
            continue
        print('%s %s' % (dt, kind))
        ro, rn, below = [], [], [0, 0]
        for k in keys:
            b = best[k]
            c = b['copy']
            o, n = c / b['old'], c / b['new']
            ro.append(o); rn.append(n)
            bl = b.get('blas')
            if bl:
                below[0] += b['old'] > bl
                below[1] += b['new'] > bl
            print('  %6d x %-6d %9.0f KB  before %.2f  after %.2f  after/before time %.2f%s  %s -> %s' % (
                k[2], k[3], k[2] * k[3] * size[dt] / 1024, o, n, b['new'] / b['old'],
                '  blas %.2f' % (c / bl) if bl else '', b['why_old'], b['why_new']))
        print('  min / median / geomean: before %s, after %s%s' % (
            stats(ro), stats(rn), ', below the BLAS before %d, after %d' % tuple(below) if dt in ('f4', 'f8') else ''))
