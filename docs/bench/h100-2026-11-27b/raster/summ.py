import json, glob, collections, sys
d = sys.argv[1]
torch = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); torch[(x['m'], x['n'], x['k'], x['dtype'])] = x['gflops']
res = collections.defaultdict(lambda: collections.defaultdict(list))
chosen = {}
for f in glob.glob(d + '/*-*.jsonl'):
    v, tag = f.split('/')[-1][:-6].split('-')
    for l in open(f):
        x = json.loads(l)
        if x.get('impl') != 'txf': continue
        k = (tag, '%dx%dx%d' % (x['m'], x['n'], x['k']))
        res[k][v].append(x['gflops'] / 1e3 if x['check'] == 'OK' else -1)
        if v == 'new': chosen[k] = (x['params'].get('raster'), (x['m'], x['n'], x['k'], x['dtype']))
for k in sorted(res):
    b, n = res[k]['base'], res[k]['new']
    r, s = chosen[k]
    t = torch.get(s)
    print('%-5s %-16s raster %s  before %-12s after %-12s after/before %.3f %s' % (k[0], k[1], r, '/'.join('%.1f' % v for v in b), '/'.join('%.1f' % v for v in n), max(n) / max(b), ('cuBLAS %.1f  before %.2f after %.2f' % (t / 1e3, max(b) / (t / 1e3), max(n) / (t / 1e3))) if t else ''))
