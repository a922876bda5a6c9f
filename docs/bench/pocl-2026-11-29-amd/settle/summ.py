import gzip, json, math, sys, collections
# best of rounds per (v, dtype, shape, impl) of key
key = sys.argv[2] if len(sys.argv) > 2 else 'median_ms'
best = {}
for l in (gzip.open(sys.argv[1], 'rt') if sys.argv[1].endswith('.gz') else open(sys.argv[1])):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x.get('check') != 'OK': continue
    k = (x['v'], x['dtype'], x['m'], x['n'], x['k'], x['impl'])
    best[k] = min(best.get(k, 1e9), x[key])
def g(v): return math.exp(sum(map(math.log, v)) / len(v))
for dt in ('f4', 'f8'):
    for v in ('old', 'new'):
        ks = [k for k in best if k[0] == v and k[1] == dt and k[5] == 'txf' and k[:5] + ('blas',) in best]
        r = sorted(best[k[:5] + ('blas',)] / best[k] for k in ks)
        small = [k for k in ks if best[k[:5] + ('blas',)] < 0.05]
        big = [k for k in ks if best[k[:5] + ('blas',)] >= 0.02]
        rb = [best[k[:5] + ('blas',)] / best[k] for k in big]
        print(f"{dt} {v} ({key}): {len(ks)} products, of OpenBLAS median {r[len(r)//2]:.2f} geo {g(r):.2f}, slower on {sum(x < 1 for x in r)}; "
              f"OpenBLAS >= 20 us: {len(big)}, slower {sum(x < 1 for x in rb)}; under 50 us: {len(small)}, slower {sum(best[k[:5]+('blas',)] < best[k] for k in small)}")
    # library old/new
    ks = [k for k in best if k[0] == 'new' and k[1] == dt and k[5] == 'txf' and ('old',) + k[1:] in best]
    rr = [best[('old',) + k[1:]] / best[k] for k in ks]
    print(f"   {dt} library old/new time geo {g(rr):.3f} max {max(rr):.2f}")
    for k in sorted(ks, key=lambda k: -best[('old',) + k[1:]] / best[k])[:6]:
        print('     %5dx%5dx%5d old %.4f new %.4f blas %.4f' % (k[2], k[3], k[4], best[('old',) + k[1:]], best[k], best[k[:5] + ('blas',)]))
