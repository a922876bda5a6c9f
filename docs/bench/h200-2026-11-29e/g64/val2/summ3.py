import json, gzip, collections, math, statistics as st
t = collections.defaultdict(lambda: 1e9); ch = {}
for l in gzip.open('val.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x: continue
    if x.get('check') != 'OK': print('NOT OK', x['m'], x['n'], x['k']); continue
    s = (x['m'], x['n'], x['k'])
    t[(s, x['tree'])] = min(t[(s, x['tree'])], x['median_ms'])
    p = x['params']; ch[(s, x['tree'])] = '%dx%d ks%d %s' % (p['mwg'], p['nwg'], p['ksplit'], x['chosen'][:4])
cb = {}
for l in open('torch.jsonl'):
    x = json.loads(l); cb[(x['m'], x['n'], x['k'])] = x['ms']
shapes = sorted({k[0] for k in t})
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for tree in ('A', 'B'):
    chg = [s for s in shapes if ch[(s, 'old')] != ch[(s, tree)]]
    r = [t[(s, 'old')] / t[(s, tree)] for s in chg]
    print('%s: changed %d of %d: old/new time geo %.3f min %.3f max %.3f; slower than 0.95: %d' % (tree, len(chg), len(shapes), g(r), min(r), max(r), sum(1 for x in r if x < 0.95)))
for sel, name in [(lambda s: min(s) >= 1024, 'm,n,k>=1024'), (lambda s: min(s) <= 128, 'a side <=128'), (lambda s: True, 'all')]:
    S = [s for s in shapes if sel(s) and s in cb]
    for tree in ('old', 'A', 'B'):
        v = [cb[s] / t[(s, tree)] for s in S]
        print('%-14s %-3s n %d median %.3f geo %.3f min %.3f under 0.9: %d' % (name, tree, len(v), st.median(v), g(v), min(v), sum(1 for x in v if x < 0.9)))
print()
for s in shapes:
    if ch[(s, 'old')] == ch[(s, 'A')] == ch[(s, 'B')]: continue
    print('%-18s old %.3f %-20s A %.3f %-20s B %.3f %-20s  A %.3f B %.3f' % ('x'.join(map(str, s)), cb.get(s, 0) / t[(s, 'old')], ch[(s, 'old')], cb.get(s, 0) / t[(s, 'A')], ch[(s, 'A')], cb.get(s, 0) / t[(s, 'B')], ch[(s, 'B')], t[(s, 'old')] / t[(s, 'A')], t[(s, 'old')] / t[(s, 'B')]))
