import json, gzip, collections
t = collections.defaultdict(lambda: 1e9); auto = {}
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
    s = (x['m'], x['n'], x['k'])
    t[(s, x['set'], x['ks'])] = min(t[(s, x['set'], x['ks'])], x['median_ms'])
    if x['set'] == 'auto':
        p = x['params']; auto[s] = '%dx%d ks%d %s' % (p['mwg'], p['nwg'], p['ksplit'], x['chosen'])
cb = {}
for l in open('torch.jsonl'):
    x = json.loads(l); cb[(x['m'], x['n'], x['k'])] = x['ms']
sets = ['C128p', 'C64p', 'N96p', 'M96p', 'Q96p', 'S64', 'Xp', 'X', 'Yp', 'Y']
shapes = []
for k in t:
    if k[0] not in shapes: shapes.append(k[0])
print('%-16s %6s %-22s | %s | best (old sets) best (with 96x64, 64x96)' % ('shape', 'auto', 'auto choice', ' '.join('%6s' % s for s in sets)))
for s in shapes:
    row = []
    for st in sets:
        v = min(t.get((s, st, 1), 1e9), t.get((s, st, 3), 1e9))
        row.append('%6.3f' % (cb[s] / v if v < 1e9 else 0))
    b1 = min((t[k], k[1], k[2]) for k in t if k[0] == s and k[1] not in ('auto', 'Xp', 'X', 'Yp', 'Y'))
    b2 = min((t[k], k[1], k[2]) for k in t if k[0] == s and k[1] != 'auto')
    print('%-16s %6.3f %-22s | %s | %s/%d %.3f  %s/%d %.3f' % ('x'.join(map(str, s)), cb[s] / t[(s, 'auto', 0)], auto[s], ' '.join(row), b1[1], b1[2], cb[s] / b1[0], b2[1], b2[2], cb[s] / b2[0]))
