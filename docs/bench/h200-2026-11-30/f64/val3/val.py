# val.py (in this folder): f64 auto, 948e825 (old) against the f64 cost model (new), best of two rounds each,
# cuBLAS (PyTorch) from the same call (torch.jsonl).
import gzip, json, math, collections
T = {}
for l in open('torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
R = collections.defaultdict(lambda: collections.defaultdict(list)); CH = {}; bad = 0
for l in gzip.open('f64.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('impl') != 'txf': continue
    if x.get('check') != 'OK': bad += 1; continue
    s = (x['m'], x['n'], x['k'])
    R[s][x['tree']].append(x['median_ms'])
    p = x['params']; CH[(s, x['tree'])] = '%s %dx%d ks%d r%d' % (x['chosen'], p['mwg'], p['nwg'], p['ksplit'], p['raster'])
g = lambda v: math.exp(sum(math.log(a) for a in v) / len(v))
sp, ro, rn, rows = [], [], [], []
for s in sorted(R, key=lambda s: s[0] * s[1] * s[2]):
    o, n = min(R[s]['old']), min(R[s]['new'])
    t = T[s + ('f8',)]
    sp.append(o / n); ro.append(t / o); rn.append(t / n)
    rows.append((s, o / n, t / o, t / n))
    print('%5dx%5dx%5d  new/old speed %.3f  of cuBLAS %.3f -> %.3f   [%s] -> [%s]' % (*s, o / n, t / o, t / n, CH[(s, 'old')], CH[(s, 'new')]))
print('not OK', bad, 'products', len(sp))
ch = [r for r in rows if CH[(r[0], 'old')] != CH[(r[0], 'new')]]
print('all: speed-up geo %.3f (min %.3f max %.3f); of cuBLAS geo %.3f -> %.3f, median %.3f -> %.3f, min %.3f -> %.3f' % (g(sp), min(sp), max(sp), g(ro), g(rn), sorted(ro)[len(ro)//2], sorted(rn)[len(rn)//2], min(ro), min(rn)))
print('changed choices %d: speed-up geo %.3f, slower than 0.95: %d' % (len(ch), g([r[1] for r in ch]), sum(r[1] < 0.95 for r in ch)))
for lo, hi, nm in ((0, 1e9, 'under 1e9 multiply-adds'), (1e9, 1e30, 'from 1e9')):
    v = [r for r in rows if lo <= r[0][0] * r[0][1] * r[0][2] < hi]
    print('  %s: n %d speed-up geo %.3f min %.3f; of cuBLAS %.3f -> %.3f' % (nm, len(v), g([r[1] for r in v]), min(r[1] for r in v), g([r[2] for r in v]), g([r[3] for r in v])))
un = [r for r in rows if CH[(r[0], 'old')] == CH[(r[0], 'new')]]
print('unchanged choices %d: speed-up geo %.3f (min %.3f max %.3f; the call\'s spread, most under 30 us)' % (len(un), g([r[1] for r in un]), min(r[1] for r in un), max(r[1] for r in un)))
