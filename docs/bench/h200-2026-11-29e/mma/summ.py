# Ratio to cuBLAS of the matrix-unit sets forced (better of 1 and 3 K slices), auto beside: f64 against cuBLAS
# DGEMM, TF32 against cuBLAS with TF32 on.
import json, gzip, collections, math
t = collections.defaultdict(lambda: 1e9); bad = collections.Counter()
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x: continue
    if x.get('check') != 'OK': bad[(x['set'], x.get('check'))] += 1; continue
    t[((x['m'], x['n'], x['k']), x['set'], x['ks'])] = min(t[((x['m'], x['n'], x['k']), x['set'], x['ks'])], x['median_ms'])
if bad: print('not OK:', dict(bad))
cb = {}
for f, key in (('torch.jsonl', 'f8'), ('torch_tf32.jsonl', 'f4')):
    for l in open(f):
        x = json.loads(l)
        if x['dtype'] == key: cb[((x['m'], x['n'], x['k']), key)] = x['ms']
shapes = sorted({k[0] for k in t})
G = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for dt, sets, auto in (('f8', ['D128', 'D64', 'D32'], 'auto-exact'), ('f4', ['T128', 'T6412', 'T64'], 'auto-tf32')):
    print('%-16s %7s | %s' % ('shape (%s)' % dt, 'auto', ' '.join('%7s' % s for s in sets)))
    cols = collections.defaultdict(list)
    for s in shapes:
        if (s, dt) not in cb: continue
        c = cb[(s, dt)]
        row = []
        for st in [auto] + sets:
            v = min(t.get((s, st, 0), 1e9), t.get((s, st, 1), 1e9), t.get((s, st, 3), 1e9))
            row.append(c / v if v < 1e9 else 0); cols[st].append(row[-1])
        print('%-16s %s' % ('x'.join(map(str, s)), ' '.join('%7.3f' % r for r in row)))
    print('geometric mean   %s' % ' '.join('%7.3f' % G([v for v in cols[st] if v > 0]) for st in [auto] + sets))
    print()
