# f32 auto against cuBLAS (warm, same call) on sweeps 21 and 22 (fastest of two rounds), named shapes,
# and the f2 / tf32 K-step sets. python3 summ.py [DIR]
import gzip, json, math, statistics as st, sys
D = sys.argv[1] if len(sys.argv) > 1 else '.'
t = {}
for l in open(D + '/torchw1.jsonl'):
    x = json.loads(l); t[(x['m'], x['n'], x['k'])] = x['ms']
r = {}
for l in gzip.open(D + '/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('impl') != 'txf' or x['check'] != 'OK': continue
    k = (x['set'], x['m'], x['n'], x['k'])
    r[k] = min(r.get(k, 9e9), x['median_ms'])
g = lambda q: math.exp(sum(map(math.log, q)) / len(q))
for sd in ['auto21', 'auto22', 'auto']:
    q = [t[k[1:]] / v for k, v in r.items() if k[0].startswith(sd)]
    print('%-6s %d shapes: cuBLAS time / ours median %.3f gmean %.3f min %.3f' % (sd, len(q), st.median(q), g(q), min(q)))
for k, v in sorted(r.items()):
    f = 2 * k[1] * k[2] * k[3] / v / 1e9
    if k[0] == 'named': print('%5d x %5d x %5d  %.1f TFLOP/s  %.3f of cuBLAS' % (*k[1:], f, t[k[1:]] / v))
    elif ':' in k[0]: print('%-20s %5d^3  %.1f TFLOP/s' % (k[0], k[1], f))
