import json, sys, glob, os, collections
d = sys.argv[1]
best = collections.defaultdict(dict)
for f in glob.glob(os.path.join(d, '*.jsonl')):
    v = os.path.basename(f).split('-')[0]
    if v.startswith('torch'): continue
    for l in open(f):
        try: x = json.loads(l)
        except Exception: continue
        if 'm' not in x: continue
        key = (x['dtype'], (x.get('params') or {}).get('precision', 0), x['m'], x['n'], x['k'])
        g = x.get('gflops') or 0
        if x.get('check') != 'OK': print('CHECK', v, key, x.get('check'))
        best[key][v] = max(best[key].get(v, 0), g)
tor = {}
if os.path.exists(os.path.join(d, 'torch.jsonl')):
    for l in open(os.path.join(d, 'torch.jsonl')):
        x = json.loads(l); tor[(x['dtype'], x['m'], x['n'], x['k'])] = 2 * x['m'] * x['n'] * x['k'] / x['ms'] / 1e9
for key in sorted(best):
    b = best[key]; a0 = b.get('v0', 0) / 1e3; a1 = b.get('vca', 0) / 1e3
    t = tor.get((key[0],) + key[2:])
    print(key, '%.1f -> %.1f  %.3f' % (a0, a1, a1 / a0 if a0 else 0), ('cublas %.1f  %.2f' % (t, a1 / t)) if t else '')
