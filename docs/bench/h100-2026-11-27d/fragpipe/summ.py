import json, sys, glob, os, collections
d = sys.argv[1]
R = collections.defaultdict(list)
for f in sorted(glob.glob(d + '/*.jsonl')):
    v, tag = os.path.basename(f)[:-6].split('-', 1)
    for l in open(f):
        try: x = json.loads(l)
        except: continue
        if x.get('impl') != 'txf' or 'm' not in x: continue
        key = (tag, x['dtype'], x.get('strategy'), '%dx%dx%d' % (x['m'], x['n'], x['k']))
        R[key].append((v, x.get('gflops'), x.get('check'), x.get('chosen')))
for k in sorted(R):
    o = [g for v, g, c, ch in R[k] if v == 'old' and g]
    n = [g for v, g, c, ch in R[k] if v == 'new' and g]
    chk = set(c for v, g, c, ch in R[k])
    ch = set(c for v, g, c2, c in R[k])
    if o and n:
        print('%-6s %-5s %-5s %-16s old %8.0f new %8.0f  ratio %.3f  %s %s' % (k + (max(o), max(n), max(n) / max(o), chk, ch)))
    else:
        print(k, R[k])
