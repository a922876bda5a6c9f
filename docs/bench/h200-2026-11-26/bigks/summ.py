# auto's time over each forced option's (above 1: the option is faster), per shape; cuBLAS beside.
# python3 summ.py [DIR]
import gzip, json, statistics as st, sys
D = sys.argv[1] if len(sys.argv) > 1 else '.'
t = {}
for l in open(D + '/torchw1.jsonl'):
    x = json.loads(l); t[(x['m'], x['n'], x['k'])] = x['ms']
r = {}
for l in gzip.open(D + '/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('impl') != 'txf' or x['check'] != 'OK': continue
    k = (x['m'], x['n'], x['k']); d = r.setdefault(k, {})
    d[x['set']] = min(d.get(x['set'], 9e9), x['median_ms'])
    if x['set'] == 'auto':
        d['chosen'] = '%s %dx%d/%d' % (x['chosen'][:4], x['params']['mwg'], x['params']['nwg'], x['params']['ksplit'])
sets = ['big1', 'big2', 'big3', 'big4', 'a1', 'a2', 'a3']
q = []
for k, d in r.items():
    q.append(d['auto'] / min(d[s] for s in sets if s in d))
    print('%5d x %5d x %5d  auto %-16s cuBLAS/auto %.3f  ' % (*k, d['chosen'], t[k] / d['auto']) +
          ' '.join('%s %.3f' % (s, d['auto'] / d[s]) for s in sets if s in d))
print('auto over the fastest forced option: median %.3f, max %.3f' % (st.median(q), max(q)))
