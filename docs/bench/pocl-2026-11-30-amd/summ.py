# summ.py DIR: the POCL surface (surf.sh): each shape's best round (least median) for the library, the copy and
# OpenBLAS; transposes as the ratio to the copy, products as OpenBLAS's time over the library's.
import json, sys, collections, math, gzip
D = sys.argv[1]
g = lambda v: math.exp(sum(math.log(a) for a in v) / len(v))
best = collections.defaultdict(dict); chk = collections.Counter()
for l in gzip.open(D + '/tr.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'transpose' or x.get('median_ms') is None: continue
    if x['impl'] == 'txf' and x['check'] != 'OK': chk['bad'] += 1
    k = (x['dtype'], x['rows'], x['cols'])
    b = best[k]
    b[x['impl']] = min(b.get(x['impl'], 1e9), x['median_ms'])
print('transposes, ratio to the copy (best round each), not OK: %d' % chk['bad'])
NAMED = [(2048, 2048), (4093, 4099), (4096, 4096), (1024, 1024), (3, 300000), (300000, 3), (20, 4045), (4045, 20), (7, 777777)]
for dt in ('u1', 'u2', 'f4', 'f8'):
    ks = [k for k in best if k[0] == dt]
    r = [best[k]['copy'] / best[k]['txf'] for k in ks]
    big = [best[k]['copy'] / best[k]['txf'] for k in ks if k[1] * k[2] * int(dt[1:]) >= 1 << 20]
    line = f"  {dt}: {len(r)} shapes, min {min(r):.2f} median {sorted(r)[len(r)//2]:.3f} geo {g(r):.3f}; from 1 MiB ({len(big)}) min {min(big):.2f} median {sorted(big)[len(big)//2]:.3f}; under 0.5: {sum(x < 0.5 for x in r)}"
    bl = [k for k in ks if 'blas' in best[k]]
    if bl:
        fb = [k for k in bl if best[k]['blas'] < best[k]['txf']]
        line += f"; OpenBLAS faster on {len(fb)} of {len(bl)}" + (f" (largest {max(k[1]*k[2]*int(dt[1:]) for k in fb)/1e6:.2f} MB)" if fb else '')
    print(line)
    print('     named: ' + ', '.join(f"{r_}x{c_} {best[(dt, r_, c_)]['copy'] / best[(dt, r_, c_)]['txf']:.2f}" + (f" (omatcopy {best[(dt, r_, c_)]['copy'] / best[(dt, r_, c_)]['blas']:.2f})" if 'blas' in best[(dt, r_, c_)] else '') for r_, c_ in NAMED if (dt, r_, c_) in best))
mb = collections.defaultdict(dict)
for l in gzip.open(D + '/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('median_ms') is None: continue
    if x['impl'] == 'txf' and x['check'] != 'OK': chk['mbad'] += 1
    k = (x['dtype'], x['m'], x['n'], x['k'])
    mb[k][x['impl']] = min(mb[k].get(x['impl'], 1e9), x['median_ms'])
print('products, OpenBLAS time / library time (best round each), not OK: %d' % chk['mbad'])
for dt in ('f4', 'f8'):
    ks = [k for k in mb if k[0] == dt and 'blas' in mb[k]]
    r = [mb[k]['blas'] / mb[k]['txf'] for k in ks]
    big = [k for k in ks if mb[k]['blas'] >= 0.02]
    rb = [mb[k]['blas'] / mb[k]['txf'] for k in big]
    print(f"  {dt}: {len(r)} products, median {sorted(r)[len(r)//2]:.2f}, slower on {sum(x < 1 for x in r)}; OpenBLAS 20 us or more: {len(big)}, median {sorted(rb)[len(rb)//2]:.2f}, slower on {sum(x < 1 for x in rb)}" + (f" (min {min(rb):.2f})" if rb else ''))
    for k in sorted(ks, key=lambda k: mb[k]['blas'] / mb[k]['txf'])[:3]:
        print(f"     lowest: {k[1]}x{k[2]}x{k[3]} {mb[k]['blas'] / mb[k]['txf']:.2f} (OpenBLAS {mb[k]['blas'] * 1e3:.1f} us, library {mb[k]['txf'] * 1e3:.1f} us)")
    for nm in ((1024, 1024, 1024), (999, 666, 777), (2048, 2048, 2048), (3000, 2000, 1000), (64, 5000, 64), (64, 64, 50000), (1, 4096, 4096), (4096, 1, 4096)):
        k = (dt,) + nm
        if k in mb:
            print(f"     named {nm[0]}x{nm[1]}x{nm[2]}: {mb[k]['blas'] / mb[k]['txf']:.2f} ({2 * nm[0] * nm[1] * nm[2] / mb[k]['txf'] / 1e6:.0f} GFLOP/s)")
