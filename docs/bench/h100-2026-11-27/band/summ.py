# summ.py DIR: per type and shape, the fastest median of the rounds as a
# ratio to the copy's fastest median, for each kernel directory.
import collections, gzip, json, os, sys
D = sys.argv[1] if len(sys.argv) > 1 else '.'
f = D + '/tr.jsonl.gz'
best, copy, kern, bad = {}, {}, {}, 0
for l in (gzip.open(f, 'rt') if os.path.exists(f) else open(D + '/tr.jsonl')):
    x = json.loads(l)
    k = (x['dtype'], x['rows'], x['cols'])
    if x['impl'] == 'copy':
        copy[k] = min(copy.get(k, 9e9), x['median_ms'])
    elif x['impl'] == 'txf':
        if x['check'] != 'OK': bad += 1; continue
        best[k + (x['b'],)] = min(best.get(k + (x['b'],), 9e9), x['median_ms'])
        kern[k] = x['params'].get('packed')
vs = ['cl', 'clband8', 'clband32']
print('dtype shape (packed): ratio to copy ' + ' | '.join(vs))
for k in sorted(copy):
    print('%s %dx%d (%s): ' % (k + (kern.get(k),)) + ' | '.join('%.3f' % (copy[k] / best[k + (v,)]) if k + (v,) in best else '-' for v in vs))
print('results not OK:', bad)
