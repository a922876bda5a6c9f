# summ.py DIR: the fresh-seed surface (run.sh) against the copy and cuBLAS (PyTorch, TF32 off)
import json, gzip, sys, collections
D = sys.argv[1]
rows = collections.defaultdict(list)
for l in gzip.open(D + '/tr.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') == 'transpose' and x['impl'] == 'txf':
        rows[x['dtype']].append(x)
print('transposes, ratio to the copy of the same run (every result checked):')
for dt, xs in rows.items():
    ok = [x for x in xs if x.get('check') == 'OK']
    big = sorted(x['ratio'] for x in ok if x['rows'] * x['cols'] >= 2 ** 22)
    sk = sorted(x['ratio'] for x in ok if min(x['rows'], x['cols']) <= 32 and x['rows'] * x['cols'] >= 2 ** 22)
    print(f"  {dt:5s} not OK {len(xs) - len(ok)}; from 2^22 elements n {len(big)} min {big[0]:.2f} median {big[len(big)//2]:.3f}; skinny min {sk[0]:.2f}")
    low = [x for x in ok if x['rows'] * x['cols'] >= 2 ** 22 and x['ratio'] < 0.85]
    if low:
        print('        under 0.85: ' + ', '.join(f"{x['rows']}x{x['cols']} {x['ratio']:.2f}{' chunked' if x['params']['packed'] == 2 else ''}" for x in low))
T = {}
for l in open(D + '/torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
rs = {}
for l in gzip.open(D + '/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') == 'matmul' and x['impl'] == 'txf':
        k = (x['m'], x['n'], x['k'], x['dtype'])
        if k in T and x.get('check') == 'OK':
            rs[k] = (T[k] / x['median_ms'], x)
print('products, cuBLAS time / the library time:')
for name, f in (('f4 all', lambda k: k[3] == 'f4'), ('f4 m, n, k >= 1024', lambda k: k[3] == 'f4' and min(k[:3]) >= 1024),
                ('f4 a side <= 128', lambda k: k[3] == 'f4' and min(k[:3]) <= 128), ('f8 all', lambda k: k[3] == 'f8')):
    v = sorted(r for k, (r, x) in rs.items() if f(k))
    print(f"  {name}: n {len(v)} min {v[0]:.2f} median {v[len(v)//2]:.3f}, under 0.9 {sum(r < 0.9 for r in v)}")
for k, (r, x) in sorted(rs.items(), key=lambda t: t[1][0]):
    if r < 0.85:
        p = x['params']
        print(f"    {k[3]} {k[0]}x{k[1]}x{k[2]} {r:.2f} {x['chosen']} {p['mwg']}x{p['nwg']}x{p['kwg']} ks{p['ksplit']}{' mma' + str(p['mma']) if p['mma'] > 1 else ''}")
rows = collections.defaultdict(list)
for l in gzip.open(D + '/pocl.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') == 'transpose' and x['impl'] == 'txf':
        rows[x['dtype']].append(x)
print("the host's POCL 5.0 (16 Xeon cores), seed 507, 64 to 6000 per side, ratio to its copy:")
for dt, xs in rows.items():
    r = sorted(x['ratio'] for x in xs if x.get('check') == 'OK')
    print(f"  {dt}: n {len(r)} min {r[0]:.2f} median {r[len(r)//2]:.2f}, not OK {len(xs) - len(r)}")
