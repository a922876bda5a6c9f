# an.py: per product, auto and the fastest of the three packed sets and six slice counts against cuBLAS (PyTorch).
import gzip, json, math, collections
T = {}
for l in open('torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'])] = x['ms']
R = collections.defaultdict(dict); CH = {}
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or x.get('check') != 'OK': continue
    s = (x['m'], x['n'], x['k'])
    R[s][(x['set'], x['ks'])] = x['median_ms']
    if x['set'] == 'auto': CH[s] = '%s %dx%d ks%d' % (x['chosen'], x['params']['mwg'], x['params']['nwg'], x['params']['ksplit'])
def g(v): return math.exp(sum(math.log(a) for a in v) / len(v))
ra, rb, rb128, rb1 = [], [], [], []
for s in sorted(R, key=lambda s: s[0]*s[1]*s[2]):
    r = R[s]; a = r[('auto', 0)]
    cfg = [c for c in r if c[0] != 'auto']
    b = min(cfg, key=lambda c: r[c])
    b128 = min([c for c in cfg if c[0] != 'P64s'], key=lambda c: r[c])
    b1 = min([c for c in cfg if c[1] == 1], key=lambda c: r[c])
    t = T[s]
    ra.append(t / a); rb.append(t / r[b]); rb128.append(t / r[b128]); rb1.append(t/r[b1])
    blocks = math.ceil(s[0]/128)*math.ceil(s[1]/128)
    print('%5dx%5dx%5d bl %4d auto %.3f [%s] best %.3f %s%d  no64best %.3f  ks1best %.3f' % (*s, blocks, t / a, CH[s], t / r[b], b[0], b[1], t / r[b128], t/r[b1]))
print('geo of cuBLAS: auto %.3f best %.3f without-64x64 %.3f best-ks1 %.3f' % (g(ra), g(rb), g(rb128), g(rb1)))
