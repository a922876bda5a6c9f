# surface.py DIR: this tree's surface on the H200 (run.sh part 2): transposes against the copy of the same
# process, products against cuBLAS (PyTorch, TF32 off) in the same call; f64 from part 1 (this tree, best round).
import json, gzip, sys, collections, math
D = sys.argv[1] if len(sys.argv) > 1 else '.'
g = lambda v: math.exp(sum(math.log(a) for a in v) / len(v))
def line(name, v):
    v = sorted(v)
    return f"  {name}: n {len(v)} min {v[0]:.2f} median {v[len(v)//2]:.3f} geo {g(v):.3f}"
rows = collections.defaultdict(list); bad = 0
for l in gzip.open(D + '/tr.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') == 'transpose' and x['impl'] == 'txf':
        if x.get('check') != 'OK': bad += 1; continue
        rows[x['dtype']].append(x)
print(f'transposes, ratio to the copy of the same process (not OK: {bad}):')
for dt, xs in rows.items():
    big = [x['ratio'] for x in xs if x['rows'] * x['cols'] >= 2 ** 22]
    print(line(f'{dt} from 2^22 elements', big) + f"; all {len(xs)} median {sorted(x['ratio'] for x in xs)[len(xs)//2]:.3f}")
    sk = [x for x in xs if min(x['rows'], x['cols']) <= 32]
    print('     skinny: ' + ', '.join(f"{x['rows']}x{x['cols']} {x['ratio']:.2f}" for x in sk))
    nm = [x for x in xs if (x['rows'], x['cols']) in ((4096, 4096), (8191, 8193), (16384, 16384), (16383, 16385))]
    print('     named: ' + ', '.join(f"{x['rows']}x{x['cols']} {x['ratio']:.2f}" for x in nm))
    low = [x for x in xs if x['rows'] * x['cols'] >= 2 ** 22 and x['ratio'] < 0.85]
    if low:
        print('     under 0.85: ' + ', '.join(f"{x['rows']}x{x['cols']} {x['ratio']:.2f}{' chunked' if x['params'].get('packed') == 2 else ''}" for x in low))
T = {}
for l in open(D + '/../torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
rs = {}
for f, tree in (('/mm.jsonl.gz', None), ('/f64.jsonl.gz', 'new')):
    for l in gzip.open(D + ('/../f64/val' if 'f64' in f else '') + f, 'rt'):
        x = json.loads(l)
        if x.get('op') != 'matmul' or x['impl'] != 'txf' or x.get('check') != 'OK': continue
        if tree and x.get('tree') != tree: continue
        k = (x['m'], x['n'], x['k'], x['dtype'])
        if k in T:
            r = T[k] / x['median_ms']
            if k not in rs or r > rs[k][0]: rs[k] = (r, x)
print('products, cuBLAS time / the library time:')
for name, f in (('f4 all', lambda k: k[3] == 'f4'), ('f4 m, n, k >= 1024', lambda k: k[3] == 'f4' and min(k[:3]) >= 1024),
                ('f4 a side <= 128', lambda k: k[3] == 'f4' and min(k[:3]) <= 128), ('f8 all', lambda k: k[3] == 'f8'),
                ('f8 m, n, k >= 1024', lambda k: k[3] == 'f8' and min(k[:3]) >= 1024)):
    v = [r for k, (r, x) in rs.items() if f(k)]
    print(line(name, v) + f", under 0.9 {sum(r < 0.9 for r in v)}")
for k in ((4096, 4096, 4096), (8192, 8192, 8192), (4093, 4093, 4093), (8191, 8193, 4097), (999, 666, 777), (1000, 1000, 1000), (3000, 5000, 700), (64, 50000, 64), (64, 64, 50000)):
    for dt in ('f4', 'f8'):
        if k + (dt,) in rs:
            r, x = rs[k + (dt,)]
            print(f"  named {dt} {k[0]}x{k[1]}x{k[2]}: {r:.2f} ({2 * k[0] * k[1] * k[2] / x['median_ms'] / 1e9:.1f} TFLOP/s)")
for k, (r, x) in sorted(rs.items(), key=lambda t: t[1][0]):
    if r < 0.9 and min(k[:3]) >= 1024 or r < 0.8:
        p = x['params']
        print(f"    low: {k[3]} {k[0]}x{k[1]}x{k[2]} {r:.2f} {x['chosen']} {p['mwg']}x{p['nwg']}x{p['kwg']} ks{p['ksplit']}{' mma' + str(p['mma']) if p['mma'] > 1 else ''}")
