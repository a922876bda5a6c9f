# midsumm.py DIR: DIR/mid.jsonl.gz (mid.sh) or, where it holds none,
# DIR/mid2.jsonl.gz (mid2.sh), with DIR/torch.jsonl: each variant's ratio
# to cuBLAS per product and over all.
import json, gzip, os, sys, collections, math
d = sys.argv[1]
two = not os.path.exists(d + '/mid.jsonl.gz')
tor = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'])] = x['ms']
t = collections.defaultdict(lambda: collections.defaultdict(list)); ch = {}
for l in gzip.open(d + ('/mid2.jsonl.gz' if two else '/mid.jsonl.gz'), 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or not x.get('median_ms'): continue
    s = (x['m'], x['n'], x['k']); t[s][x['variant']].append(x['median_ms'])
    if x['variant'] == 'auto': p = x['params']; ch[s] = f"{x['chosen']} {p['mwg']}x{p['nwg']}x{p['kwg']} ks{p['ksplit']}"
g = lambda r: math.exp(sum(map(math.log, r)) / len(r))
vs = ['auto', 'shallow-pad', 's64-pad', 's64-padcopy', 'pad'] if two else ['auto', 'odd-pad', 'odd-padcopy', 'padcopy']
rr = collections.defaultdict(list)
for s in sorted(t, key=lambda s: s[2]):
    c = tor[s]
    row = {v: c / min(t[s][v]) for v in vs if t[s][v]}
    for v in row: rr[v].append(row[v])
    print(f"{s[0]}x{s[1]}x{s[2]} ({s[0]*s[1]:.2g}) auto[{ch[s]}] " + ' '.join(f"{v} {row[v]:.2f}" for v in vs if v in row))
for v in vs: print(v, 'of cuBLAS min %.2f median %.2f gmean %.3f' % (min(rr[v]), sorted(rr[v])[len(rr[v])//2], g(rr[v])))
