import json, gzip, math, sys, collections
best = {}
bad = []
for l in gzip.open(sys.argv[1], 'rt'):
    x = json.loads(l)
    if x.get('check') not in ('OK', None, 'skipped') and x.get('round') == 1: bad.append(x)
    k = (x['e'], x['r'], x['c'], x['tile'], x['h'])
    best[k] = max(best.get(k, 0), x['ratio'])
print('not OK:', len(bad), [ (b['e'],b['r'],b['c'],b.get('check')) for b in bad][:5])
base = {1: (128, 128), 2: (64, 64)}
for e in (1, 2):
    vs = sorted({(k[3], k[4]) for k in best if k[0] == e})
    shapes = sorted({(k[1], k[2]) for k in best if k[0] == e})
    print(f"e={e}: " + '  '.join(f"t{t}h{h}" for t, h in vs))
    for s in shapes:
        print('  %5dx%-5d ' % s + ' '.join('%6.3f' % best.get((e,) + s + v, float('nan')) for v in vs))
    for v in vs:
        r = [best[(e,) + s + v] / best[(e,) + s + base[e]] for s in shapes if (e,) + s + v in best]
        g = math.exp(sum(map(math.log, r)) / len(r))
        rr = sorted(best[(e,) + s + v] for s in shapes)
        print(f"   t{v[0]} h{v[1]}: speed vs base geo {g:.3f} (min {min(r):.3f} max {max(r):.3f}); of copy min {rr[0]:.3f} median {rr[len(rr)//2]:.3f}")
