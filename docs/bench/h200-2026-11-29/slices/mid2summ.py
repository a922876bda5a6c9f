import json, gzip, sys, collections, math
d = sys.argv[1]
tor = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'])] = x['ms']
t = collections.defaultdict(lambda: collections.defaultdict(list)); ch = {}
for l in gzip.open(d + '/mid2.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or not x.get('median_ms'): continue
    s = (x['m'], x['n'], x['k']); t[s][x['variant']].append(x['median_ms'])
    if x['variant'] == 'auto': p = x['params']; ch[s] = f"{x['chosen']} {p['mwg']}x{p['nwg']}x{p['kwg']} ks{p['ksplit']}"
g = lambda r: math.exp(sum(map(math.log, r)) / len(r))
vs = ['auto', 'shallow-pad', 's64-pad', 's64-padcopy', 'pad']; rr = collections.defaultdict(list)
for s in sorted(t, key=lambda s: s[2]):
    c = tor[s]
    row = {v: c / min(t[s][v]) for v in vs if t[s][v]}
    for v in row: rr[v].append(row[v])
    print(f"{s[0]}x{s[1]}x{s[2]} ({s[0]*s[1]:.2g}) auto[{ch[s]}] " + ' '.join(f"{v} {row[v]:.2f}" for v in vs if v in row))
for v in vs: print(v, 'of cuBLAS min %.2f median %.2f gmean %.3f' % (min(rr[v]), sorted(rr[v])[len(rr[v])//2], g(rr[v])))
