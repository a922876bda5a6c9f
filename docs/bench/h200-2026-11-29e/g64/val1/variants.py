# The 64 x 64 set of 64 work-items against its variants, forced with 1 and 3 K slices (x.jsonl.gz).
import json, gzip, collections, math
t = collections.defaultdict(lambda: 1e9)
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
    t[((x['m'], x['n'], x['k']), x['set'], x['ks'])] = min(t[((x['m'], x['n'], x['k']), x['set'], x['ks'])], x['median_ms'])
shapes = sorted({k[0] for k in t})
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for st, what in [('K16', 'K steps of 16'), ('L4', 'four stages'), ('W32', '64 x 32, 32 work-items'), ('H32', '32 x 64, 32 work-items')]:
    for ks in (1, 3):
        r = [t[(s, 'P64s', ks)] / t[(s, st, ks)] for s in shapes]
        print('%-24s ks %d: speed over the set %.3f (%.3f to %.3f)' % (what, ks, g(r), min(r), max(r)))
