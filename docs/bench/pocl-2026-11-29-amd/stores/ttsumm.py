# ttsumm.py tt.jsonl.gz: auto of the tree before (old) and this tree (new) through tt, each shape's best ratio to the copy of its own process
import gzip, json, math, sys
best = {}
for l in gzip.open(sys.argv[1], 'rt'):
    x = json.loads(l)
    k = (x['v'], x['e'], x['r'], x['c'])
    best[k] = max(best.get(k, 0), x['ratio'])
def g(v): return math.exp(sum(map(math.log, v)) / len(v))
for e in (1, 2):
    ks = sorted({k[1:] for k in best if k[1] == e})
    rs = [best[('new',) + k] / best[('old',) + k] for k in ks]
    print(f"e{e}: new/old speed (ratios to the copy) geo {g(rs):.3f} min {min(rs):.2f} max {max(rs):.2f}")
    for k, r in zip(ks, rs):
        print(f"   {k[1]:5d}x{k[2]:<5d} {k[1]*k[2]*e/1e6:5.2f} MB of copy old {best[('old',)+k]:.3f} new {best[('new',)+k]:.3f}  {r:.2f}")
