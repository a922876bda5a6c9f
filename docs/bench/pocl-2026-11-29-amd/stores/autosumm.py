# summ.py tr.jsonl[.gz]: auto of the tree before (old) against this tree (new), each shape's best round (median_ms)
import gzip, json, math, sys
best, par, ratio = {}, {}, {}
for l in (gzip.open(sys.argv[1], 'rt') if sys.argv[1].endswith('.gz') else open(sys.argv[1])):
    x = json.loads(l)
    if x.get('op') != 'transpose' or x['impl'] != 'txf' or x.get('check') != 'OK': continue
    k = (x['tree'], x['dtype'], x['rows'], x['cols'])
    if x['median_ms'] < best.get(k, 1e9):
        best[k] = x['median_ms']; ratio[k] = x['ratio']
    par[k] = x['params']['stores']
def g(v): return math.exp(sum(map(math.log, v)) / len(v))
for dt in ('u1', 'u2', 'f4'):
    ks = sorted(k[1:] for k in best if k[0] == 'new' and k[1] == dt and ('old',) + k[1:] in best)
    ch = [k for k in ks if par[('old',) + k] != par[('new',) + k]]
    same = [k for k in ks if k not in ch]
    r_ch = [best[('old',) + k] / best[('new',) + k] for k in ch]
    r_same = [best[('old',) + k] / best[('new',) + k] for k in same]
    med = lambda t: sorted(ratio[(t,) + k] for k in ks)[len(ks) // 2]
    print(f"{dt}: {len(ks)} shapes, stores changed on {len(ch)}: old/new time geo {g(r_ch) if ch else float('nan'):.3f}"
          f" (min {min(r_ch) if ch else 0:.2f} max {max(r_ch) if ch else 0:.2f}); unchanged {len(same)}: geo {g(r_same):.3f};"
          f" median of copy old {med('old'):.3f} new {med('new'):.3f}")
    for k in ch:
        mb = k[1] * k[2] * {'u1': 1, 'u2': 2, 'f4': 4}[dt] / 1e6
        print(f"    {k[1]:5d}x{k[2]:<5d} {mb:6.2f} MB old {best[('old',)+k]:.4f} new {best[('new',)+k]:.4f} ms  {best[('old',)+k]/best[('new',)+k]:.2f}x  of copy {ratio[('old',)+k]:.2f} -> {ratio[('new',)+k]:.2f}")
