# an.py: per product, auto and each forced form against cuBLAS (PyTorch) of the same call, best of two rounds;
# the fit sample (the first line of shapes.txt) and the check sample (the second).
import gzip, json, math, collections
T = {}
for l in open('torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'])] = x['ms']
R = collections.defaultdict(lambda: collections.defaultdict(list)); CH = {}; bad = 0
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('impl') != 'txf': continue
    if x.get('check') != 'OK': bad += 1; continue
    s = (x['m'], x['n'], x['k'])
    R[s][x['set']].append(x['median_ms'])
    if x['set'] == 'auto':
        p = x['params']; CH[s] = '%s %dx%dx%d' % (x['chosen'], p['mwg'], p['nwg'], p['kwg'])
sets = ['auto', 'SOu', 'SOp', 'M64u', 'C64p', 'C128p', 'P64s']
fit = set(tuple(map(int, s.split('x'))) for s in open('shapes.txt').read().split('\n')[0].split(','))
g = lambda v: math.exp(sum(math.log(a) for a in v) / len(v))
print('not OK', bad)
for name, pick in (('fit', lambda s: s in fit), ('check', lambda s: s not in fit)):
    ss = sorted([s for s in R if pick(s)], key=lambda s: s[0] * s[1] * s[2])
    print('==', name, len(ss))
    print('%-18s %5s %-22s ' % ('shape', 'MnC', 'auto') + ' '.join('%6s' % x for x in sets))
    col = collections.defaultdict(list)
    for s in ss:
        t = T[s]; row = []
        for st in sets:
            r = t / min(R[s][st]); col[st].append(r); row.append('%6.3f' % r)
        print('%-18s %5.1f %-22s ' % ('%dx%dx%d' % s, s[0] * s[1] / 1e6, CH[s]) + ' '.join(row))
    print('%-47s ' % 'geo' + ' '.join('%6.3f' % g(col[st]) for st in sets))
    best = [max(col[st][i] for st in sets) for i in range(len(ss))]
    print('best per product geo %.3f' % g(best))
