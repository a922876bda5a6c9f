import json, gzip, math, collections, sys
d = sys.argv[1] if len(sys.argv) > 1 else 'val'
t = collections.defaultdict(lambda: 1e9); pr = {}
for l in gzip.open(d + '/val.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x: continue
    if x['check'] != 'OK': print('NOT OK', x); continue
    s = (x['m'], x['n'], x['k'])
    t[(s, x['v'])] = min(t[(s, x['v'])], x['median_ms'])
    p = x['params']; pr[(s, x['v'])] = '%dx%dx%d%s ks%d' % (p['mwg'], p['nwg'], p['kwg'], ' %s' % x['chosen'], p['ksplit'])
cb = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); cb[(x['m'], x['n'], x['k'])] = x['ms']
shapes = sorted({k[0] for k in t}, key=lambda s: s[0] * s[1] * s[2])
def g(v): return math.exp(sum(map(math.log, v)) / len(v)) if v else float('nan')
def med(v): v = sorted(v); return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
rows = []
for s in shapes:
    if (s, 'new') not in t or (s, 'old') not in t or s not in cb: continue
    rn, ro = cb[s] / t[(s, 'new')], cb[s] / t[(s, 'old')]
    rows.append((s, ro, rn, pr[(s, 'old')], pr[(s, 'new')]))
big = [r for r in rows if min(r[0]) >= 1024]
for name, R in (('all', rows), ('m,n,k >= 1024', big)):
    print('%s (%d): of cuBLAS median old %.3f new %.3f, min old %.3f new %.3f, geomean %.3f / %.3f, under 0.9: %d -> %d' % (
        name, len(R), med([r[1] for r in R]), med([r[2] for r in R]), min(r[1] for r in R), min(r[2] for r in R),
        g([r[1] for r in R]), g([r[2] for r in R]), sum(r[1] < 0.9 for r in R), sum(r[2] < 0.9 for r in R)))
ch = [r for r in rows if r[3] != r[4]]
print('changed choices: %d, new over old speed geomean %.3f, min %.3f, max %.3f' % (len(ch), g([r[2] / r[1] for r in ch]), min(r[2] / r[1] for r in ch), max(r[2] / r[1] for r in ch)))
for s, ro, rn, po, pn in rows:
    print('%-16s old %.3f new %.3f  %s%-26s -> %s' % ('x'.join(map(str, s)), ro, rn, '*' if po != pn else ' ', po, pn))
