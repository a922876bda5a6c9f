import gzip, json, math, sys, collections
best = {}
bad = 0
for l in (gzip.open(sys.argv[1], 'rt') if sys.argv[1].endswith('.gz') else open(sys.argv[1])):
    x = json.loads(l)
    if x['check'] not in ('OK', 'unchecked'): bad += 1
    k = (x['e'], x['r'], x['c'], x['st'])
    best[k] = min(best.get(k, 1e9), x['us'])
print('not OK', bad)
for e in (1, 2, 4, 8):
    ks = sorted({k[:3] for k in best if k[0] == e})
    rs = []
    for k in ks:
        o, n = best[k + (-1,)], best[k + (1,)]
        mb = k[1] * k[2] * e / 1e6
        rs.append(n / o)
        print(f"  e{e} {k[1]:5d}x{k[2]:<5d} {mb:6.2f} MB ordinary {o:8.1f} us nt {n:8.1f} us  nt/ordinary {n / o:.2f}")
    if rs:
        print(f"e{e}: nt time / ordinary time geo {math.exp(sum(map(math.log, rs)) / len(rs)):.3f}")
