import json, gzip, collections, math, statistics as st
t = collections.defaultdict(lambda: 1e9); ch = {}; src = {}
for l in gzip.open('val.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x: continue
    if x.get('check') != 'OK': print('NOT OK', x); continue
    s = (x['m'], x['n'], x['k'])
    t[(s, x['tree'])] = min(t[(s, x['tree'])], x['median_ms'])
    p = x['params']; ch[(s, x['tree'])] = '%dx%d ks%d %s' % (p['mwg'], p['nwg'], p['ksplit'], x['chosen'][:4])
cb = {}
for l in open('torch.jsonl'):
    x = json.loads(l); cb[(x['m'], x['n'], x['k'])] = x['ms']
shapes = sorted({k[0] for k in t})
chg = [s for s in shapes if ch[(s, 'old')] != ch[(s, 'new')]]
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
r = [t[(s, 'old')] / t[(s, 'new')] for s in chg]
print('changed %d of %d: old/new time geo %.3f min %.3f max %.3f' % (len(chg), len(shapes), g(r), min(r), max(r)))
for sel, name in [(lambda s: min(s) >= 1024, 'm,n,k>=1024'), (lambda s: min(s) <= 128, 'a side <=128'), (lambda s: True, 'all')]:
    S = [s for s in shapes if sel(s) and s in cb]
    for tree in ('old', 'new'):
        v = [cb[s] / t[(s, tree)] for s in S]
        print('%-14s %s n %d median %.3f geo %.3f min %.3f under 0.9: %d' % (name, tree, len(v), st.median(v), g(v), min(v), sum(1 for x in v if x < 0.9)))
print()
for s in shapes:
    mark = '*' if s in chg else ' '
    print('%s %-18s old %.3f %-22s new %.3f %-22s  %.3f' % (mark, 'x'.join(map(str, s)), cb.get(s, 0) / t[(s, 'old')], ch[(s, 'old')], cb.get(s, 0) / t[(s, 'new')], ch[(s, 'new')], t[(s, 'old')] / t[(s, 'new')]))
print()
for th in (0, 5e8, 1e9, 2e9, 3e9, 5e9):
    a = [s for s in chg if s[0]*s[1]*s[2] >= th]
    r = [t[(s, 'old')] / t[(s, 'new')] for s in a]
    b = [s for s in chg if s[0]*s[1]*s[2] < th]
    rb = [t[(s, 'old')] / t[(s, 'new')] for s in b]
    print('from %.0e: %d changed, geo %.3f, min %.3f | below: %d geo %s' % (th, len(a), g(r), min(r), len(b), '%.3f' % g(rb) if rb else '-'))
