import json, gzip, sys, collections, math
d = sys.argv[1]
tor = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'])] = x['ms']
t = collections.defaultdict(lambda: collections.defaultdict(list)); ks = {}
for l in gzip.open(d + '/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or not x.get('median_ms') or x.get('check') != 'OK': continue
    s = (x['m'], x['n'], x['k']); t[s][x['tree']].append(x['median_ms'])
    p = x['params']; ks[(s, x['tree'])] = f"{x['chosen']} {p['mwg']}x{p['nwg']} ks{p['ksplit']}"
g = lambda r: math.exp(sum(map(math.log, r)) / len(r))
named = {(4096,4096,4096),(8192,8192,8192),(4093,4093,4093),(8191,8193,4097),(999,666,777),(1000,1000,1000),(3000,5000,700),(64,50000,64),(64,64,50000)}
for label, sel in [('a side <= 128', lambda s: min(s) <= 128), ('sweep 172', lambda s: s not in named), ('named', lambda s: s in named)]:
    for tr in ('old', 'new3'):
        r = sorted(tor[s] / min(t[s][tr]) for s in t if sel(s))
        print(label, tr, 'n %d min %.2f median %.3f gmean %.3f' % (len(r), r[0], r[len(r)//2], g(r)))
for s in sorted(t):
    o, n = min(t[s]['old']), min(t[s]['new3'])
    if ks[(s,'old')] != ks[(s,'new3')] or min(s) <= 128 or s in named:
        print(f"{s[0]}x{s[1]}x{s[2]}: {tor[s]/o:.2f} [{ks[(s,'old')]}] -> {tor[s]/n:.2f} [{ks[(s,'new3')]}]")
