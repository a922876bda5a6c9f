import json, gzip, sys, collections, math
d = sys.argv[1]
tor = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'], x['dtype'])] = x
t = collections.defaultdict(lambda: collections.defaultdict(list))
par = {}
for l in gzip.open(d + '/ab.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or not x.get('median_ms'): continue
    s = (x['m'], x['n'], x['k'], x['dtype'])
    t[s][x['tree']].append(x['median_ms'])
    par[(s, x['tree'])] = x['params'].get('ksplit')
sp = []; rat = {'old': [], 'nb': []}
for s in sorted(t, key=lambda s: (s[3], min(t[s]['old']) / min(t[s]['nb']))):
    o, n = min(t[s]['old']), min(t[s]['nb'])
    c = tor[s]['ms']
    sp.append((s, o / n)); rat['old'].append(c / o); rat['nb'].append(c / n)
    if abs(o / n - 1) > 0.03 or par[(s, 'old')] != par[(s, 'nb')]:
        print(f"{s[3]} {s[0]}x{s[1]}x{s[2]}: old {o*1e3:.1f} ks{par[(s,'old')]} new {n*1e3:.1f} ks{par[(s,'nb')]} speed-up {o/n:.2f}; of cuBLAS {c/o:.2f} -> {c/n:.2f}")
for dt in ('f4', 'f8'):
    for tr in ('old', 'nb'):
        r = sorted(c / min(t[s][tr]) for s in t if s[3] == dt for c in [tor[s]['ms']])
        print(dt, tr, 'n', len(r), 'min %.2f median %.3f gmean %.3f under 0.8: %d' % (r[0], r[len(r)//2], math.exp(sum(map(math.log, r))/len(r)), sum(x < 0.8 for x in r)))
