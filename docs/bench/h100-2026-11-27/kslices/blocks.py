# blocks.py DIR: per type and shape, TFLOP/s (fastest median of the rounds)
# and K slices of auto and each forced block set, and cuBLAS.
import collections, gzip, json, os, sys
D = sys.argv[1] if len(sys.argv) > 1 else '.'
t = {}
for l in open(D + '/torch.jsonl'):
    x = json.loads(l); t[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
f = D + '/mm.jsonl.gz'
r, sl, bad = {}, {}, 0
for l in (gzip.open(f, 'rt') if os.path.exists(f) else open(D + '/mm.jsonl')):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('impl') != 'txf': continue
    if x['check'] != 'OK': bad += 1; continue
    k = (x['dtype'], x['m'], x['n'], x['k'], x['b'].split('-')[0])
    r[k] = min(r.get(k, 9e9), x['median_ms'])
    sl[k] = '%dx%d/%d' % (x['params']['mwg'], x['params']['nwg'], x['params']['ksplit'])
vs = ['auto', 'b32', 'b16', 'b16k32']
print('dtype shape: ' + ' | '.join(vs) + ' | cuBLAS (TFLOP/s; blocks/slices)')
for k in sorted(set(k[:4] for k in r)):
    fl = 2 * k[1] * k[2] * k[3] / 1e9
    c = t.get(k[1:4] + (k[0],))
    print('%s %dx%dx%d: ' % k + ' | '.join('%.2f %s' % (fl / r[k + (v,)], sl[k + (v,)]) if k + (v,) in r else '-' for v in vs) + ' | %s' % ('%.2f' % (fl / c) if c else '-'))
print('results not OK:', bad)
