# ab2summ.py DIR [rows]: ab2/ (ab2.sh) or, with rows, ab3/ (ab3.sh).
import json, gzip, sys, collections, math
d = sys.argv[1]
tor = {}
for l in open(d + '/torch.jsonl'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
t = collections.defaultdict(lambda: collections.defaultdict(list)); par = {}
for l in gzip.open(d + '/ab.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or not x.get('median_ms'): continue
    s = (x['m'], x['n'], x['k'], x['dtype']); t[s][x['tree']].append(x['median_ms'])
    par[(s, x['tree'])] = (x['chosen'], x['params'].get('ksplit'))
g = lambda r: math.exp(sum(map(math.log, r)) / len(r))
def comp(a, b, sel, label):
    sp, ra, rb = [], [], []
    for s in sorted(t):
        if not sel(s) or a not in t[s] or b not in t[s]: continue
        x, y = min(t[s][a]), min(t[s][b]); c = tor[s]
        sp.append(x / y); ra.append(c / x); rb.append(c / y)
        if par[(s, a)] != par[(s, b)] or abs(x / y - 1) > 0.05:
            print(f"  {s[3]} {s[0]}x{s[1]}x{s[2]}: {a} {x*1e3:.1f}us {par[(s,a)]} -> {b} {y*1e3:.1f}us {par[(s,b)]}: {x/y:.2f}; of cuBLAS {c/x:.2f} -> {c/y:.2f}")
    print(f"{label}: n {len(sp)}, speed-up gmean {g(sp):.3f} (min {min(sp):.2f}, max {max(sp):.2f}); of cuBLAS min/median/gmean {min(ra):.2f}/{sorted(ra)[len(ra)//2]:.2f}/{g(ra):.3f} -> {min(rb):.2f}/{sorted(rb)[len(rb)//2]:.2f}/{g(rb):.3f}, under 0.8 {sum(r<0.8 for r in ra)} -> {sum(r<0.8 for r in rb)}")
if 'rows' not in sys.argv[2:]:
    slim = lambda s: s[2] >= 256
    comp('old', 'new2', lambda s: s[3] == 'f4' and slim(s), 'f32 slim, 0005265 -> tree')
    comp('old', 'new2', lambda s: s[3] == 'f8' and slim(s), 'f64 slim, 0005265 -> tree')
    comp('nb', 'new2', lambda s: s[3] == 'f8' and slim(s), 'f64 slim, ccfeb25 -> tree')
    comp('nb', 'new2', lambda s: s[3] == 'f4' and s[2] <= 24, 'f32 shallow odd rows, ccfeb25 -> tree')
else:
    comp('old', 'new2', lambda s: s[3] == 'f4' and s[0] <= 4, 'f32 1-4 rows, 0005265 -> tree')
    comp('old', 'new2', lambda s: s[3] == 'f8' and s[0] <= 4, 'f64 1-4 rows, 0005265 -> tree')
    comp('old', 'new2', lambda s: s[3] == 'f4' and s[1] <= 16, 'f32 5-16 columns, 0005265 -> tree')
    comp('old', 'new2', lambda s: s[3] == 'f8' and s[1] <= 16, 'f64 5-16 columns, 0005265 -> tree')
