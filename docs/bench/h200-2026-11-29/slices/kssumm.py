import json, gzip, sys, collections, math
d = sys.argv[1]
tor = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
t = collections.defaultdict(dict); ch = {}
for l in gzip.open(d + '/ks.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or not x.get('median_ms'): continue
    s = (x['m'], x['n'], x['k'], x['dtype'])
    t[s][x['ks']] = x['median_ms']
    if x['ks'] == 0: ch[s] = x['params']
for dt in ('f4', 'f8'):
    ra, rb = [], []
    for s in sorted(t):
        if s[3] != dt or 0 not in t[s]: continue
        p = ch[s]; a = t[s][0]; bk = min((v, k) for k, v in t[s].items() if k)
        c = tor[s]; ra.append(c / a); rb.append(c / bk[0])
        print(f"{dt} {s[0]}x{s[1]}x{s[2]} {p['mwg']}x{p['nwg']} d{p['mdimc']}x{p['ndimc']} auto ks{p['ksplit']} {a*1e3:.1f}us ({c/a:.2f} of cuBLAS); best forced ks{bk[1]} {bk[0]*1e3:.1f}us ({c/bk[0]:.2f}); " + ' '.join(f"{k}:{v*1e3:.0f}" for k, v in sorted(t[s].items()) if k))
    g = lambda r: math.exp(sum(map(math.log, r)) / len(r))
    print(dt, 'auto: min %.2f median %.2f gmean %.3f; best forced: min %.2f median %.2f gmean %.3f' % (min(ra), sorted(ra)[len(ra)//2], g(ra), min(rb), sorted(rb)[len(rb)//2], g(rb)))
sk = collections.defaultdict(dict)
for l in gzip.open(d + '/smallk.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') == 'txf' and 'm' in x and x.get('median_ms'):
        s = (x['m'], x['n'], x['k'], x['dtype']); sk[s][x['strategy']] = (x['median_ms'], x.get('chosen'), x['params'])
for s, v in sk.items():
    c = tor[s]
    print(f"{s[0]}x{s[1]}x{s[2]}: " + ' '.join(f"{st}({v[st][1]} {v[st][2]['mwg']}x{v[st][2]['nwg']}x{v[st][2]['kwg']}) {c/v[st][0]:.2f}" for st in v))
