# summ.py RUN.jsonl[.gz]: per type and shape, the fastest time of each kernel
# directory over the rounds and its ratio to the fastest copy of the same
# bytes in the run (clEnqueueCopyBuffer).
import collections, gzip, json, sys
f = sys.argv[1]
best = collections.defaultdict(lambda: 1e9)
copy = collections.defaultdict(lambda: 1e9)
for l in (gzip.open(f, 'rt') if f.endswith('.gz') else open(f)):
    o = json.loads(l)
    r = o['j']
    k = (r['dtype'], '%dx%d' % (r['rows'], r['cols']))
    if r['impl'] == 'copy':
        copy[k] = min(copy[k], r['min_ms'])
    if r['impl'] == 'txf' and r['min_ms']:
        best[(o['v'],) + k] = min(best[(o['v'],) + k], r['min_ms'])
vs = sorted(set(k[0] for k in best), key=lambda v: 'main' in v)
print('type shape', ' | '.join('%s: ms (vs copy)' % v for v in vs))
for k in sorted(copy):
    print(k[0], k[1].ljust(10),
          ' | '.join('%.3f (%.2f)' % (best[(v,) + k], copy[k] / best[(v,) + k]) for v in vs))
