# Ratio to cuBLAS of each set forced (the better of 1 and 3 K slices) on the 25 products of run.sh, auto beside;
# the best of the 128 x 128 and 128 x 64 sets (256 work-items) against the best of all.
import json, gzip, collections, math
t = collections.defaultdict(lambda: 1e9); auto = {}
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
    s = (x['m'], x['n'], x['k'])
    t[(s, x['set'], x['ks'])] = min(t[(s, x['set'], x['ks'])], x['median_ms'])
    if x['set'] == 'auto':
        p = x['params']; auto[s] = '%dx%d ks%d %s' % (p['mwg'], p['nwg'], p['ksplit'], x['chosen'][:4])
cb = {}
for l in open('torch.jsonl'):
    x = json.loads(l); cb[(x['m'], x['n'], x['k'])] = x['ms']
sets = ['C128p','C64p','P64a','P64b','P64s','P6412','P1264','P128a','P128b','U64a','U6412','U1264']
shapes = []
for k in t:
    if k[0] not in shapes: shapes.append(k[0])
print('%-16s %6s %-18s | %s | 256-item sets / all' % ('shape', 'auto', 'choice', ' '.join('%6s' % s[:6] for s in sets)))
g = []; g2 = []; ga = []
for s in shapes:
    row = []
    for st in sets:
        v = min(t.get((s, st, 1), 1e9), t.get((s, st, 3), 1e9))
        row.append('%6.3f' % (cb[s] / v if v < 1e9 else 0))
    b1 = min((t[k], k[1], k[2]) for k in t if k[0] == s and k[1] in ('C128p', 'C64p'))
    b2 = min((t[k], k[1], k[2]) for k in t if k[0] == s and k[1] != 'auto')
    g.append(cb[s] / b1[0]); g2.append(cb[s] / b2[0]); ga.append(cb[s] / t[(s, 'auto', 0)])
    print('%-16s %6.3f %-18s | %s | %s/%d %.3f  %s/%d %.3f' % ('x'.join(map(str, s)), cb[s] / t[(s, 'auto', 0)], auto[s], ' '.join(row), b1[1], b1[2], cb[s] / b1[0], b2[1], b2[2], cb[s] / b2[0]))
G = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print('geometric mean of cuBLAS ratios: auto %.3f, best of 128 x 128 and 128 x 64 %.3f, best of all %.3f' % (G(ga), G(g), G(g2)))
