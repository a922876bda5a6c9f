# summ.py: outputs off lines, per shape the median over rounds of non-temporal over ordinary time (above 1:
# ordinary faster) and of auto over the faster of the two.
import json, collections, gzip
T = collections.defaultdict(lambda: collections.defaultdict(list)); CH = {}
for l in gzip.open('off.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'transpose' or x['impl'] != 'txf' or x.get('median_ms') is None: continue
    if x['m'] != 'auto' and x.get('strategy') != 'pad': continue
    k = (x['dtype'], x['rows'], x['cols'])
    T[k][x['m']].append(x['median_ms'])
    if x['m'] == 'auto': CH[k] = x['params']['stores']
med = lambda v: sorted(v)[len(v) // 2]
E = {'u1': 1, 'u2': 2, 'f4': 4, 'f8': 8}
for dt in E:
    print('==', dt)
    for k in sorted([k for k in T if k[0] == dt], key=lambda k: k[1] * k[2]):
        t = T[k]
        print('  %5dx%-6d %5.1f MiB  nt/ord %.2f  auto/best %.2f  auto: %s' % (k[1], k[2], k[1] * k[2] * E[dt] / 2**20, med(t['nt']) / med(t['ord']), med(t['auto']) / min(med(t['nt']), med(t['ord'])), 'non-temporal' if CH[k] else 'ordinary'))
