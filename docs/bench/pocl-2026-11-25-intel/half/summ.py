# Summary of run.sh outputs (directories given): per shape, each run's
# ratio to copy (transpose) or GFLOP/s (matmul).
import json, glob, sys, collections
r = collections.defaultdict(list)
for d in sys.argv[1:]:
    for f in sorted(glob.glob(d + '/*.jsonl')):
        kind, tag, rnd = f.rsplit('/', 1)[1][:-6].split('-')
        for l in open(f):
            x = json.loads(l)
            if x.get('impl') != 'txf': continue
            assert x['check'] == 'OK', (f, x)
            if x['op'] == 'transpose':
                s = "%dx%d" % (x['rows'], x['cols']); v = "%.2f" % x['ratio']
            else:
                s = "%dx%dx%d" % (x['m'], x['n'], x['k']); v = "%.0f" % x['gflops']
            r[(kind, s, tag)].append(v)
for k in sorted(r): print("%-5s %-15s %-7s %s" % (k + (" ".join(r[k]),)))
