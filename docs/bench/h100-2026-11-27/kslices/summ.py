# summ.py DIR: per set, type and shape, the parent's and this tree's fastest
# median over the rounds (TFLOP/s), their K slices, and cuBLAS's.
import collections, json, sys
D = sys.argv[1] if len(sys.argv) > 1 else '.'
t = {}
for l in open(D + '/torch.jsonl'):
    x = json.loads(l); t[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
r, sl, bad = {}, {}, 0
import gzip, os
for l in (gzip.open(D + '/mm.jsonl.gz', 'rt') if os.path.exists(D + '/mm.jsonl.gz') else open(D + '/mm.jsonl')):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('impl') != 'txf': continue
    if x['check'] != 'OK': bad += 1; continue
    k = (x['set'], x['dtype'], x['m'], x['n'], x['k'], x['b'])
    r[k] = min(r.get(k, 9e9), x['median_ms'])
    sl[k] = (x['params']['mwg'], x['params']['nwg'], x['params']['ksplit'], x['chosen'])
print('set dtype shape: parent TFLOP/s (blocks, slices) -> this tree | cuBLAS | this/parent, this/cuBLAS')
for k in sorted(set(k[:5] for k in r)):
    b, n = r.get(k + ('base',)), r.get(k + ('new',))
    if not b or not n: continue
    f = 2 * k[2] * k[3] * k[4] / 1e9
    c = t.get(k[2:5] + (k[1],))
    print('%-5s %-3s %5dx%5dx%7d: %6.1f %s -> %6.1f %s | %s | %.2f, %s' % (
        k[0], k[1], k[2], k[3], k[4], f / b, sl[k + ('base',)][:3], f / n, sl[k + ('new',)][:3],
        '%6.1f' % (f / c) if c else '   -  ', b / n, '%.2f' % (c / n) if c else '-'))
print('results not OK:', bad)
