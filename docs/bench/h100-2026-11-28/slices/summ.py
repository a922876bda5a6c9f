"""summ.py: the tree before (v0) over the store form by a slice's K (v1), fastest median of two
rounds per product; sliced products (ks > 1, tiled kernels) apart."""
import json, collections, math, os
H = os.path.dirname(os.path.abspath(__file__))
t = collections.defaultdict(lambda: 1e9); ch = {}
for l in open(H + "/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x or x.get("check") != "OK": continue
    s = (x["m"], x["n"], x["k"]); k = (x["v"],) + s; t[k] = min(t[k], x["median_ms"])
    p = x["params"]; ch[k] = (p["ksplit"], p.get("dot"), p.get("mma"), x["chosen"], p["mwg"], p["nwg"])
g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
sl = []; un = []
for s in sorted({k[1:] for k in t}, key=lambda s: s[2]):
    r = t[("v0",) + s] / t[("v1",) + s]; c = ch[("v1",) + s]
    (sl if c[0] > 1 and c[1] == 1 and c[2] == 1 else un).append(r)
    print("%5dx%5dx%5d %s %dx%d ks%d %.3f" % (s + (c[3], c[4], c[5], c[0], r)))
print("sliced: %d, geomean %.3f (%.3f-%.3f); not sliced (same form in both): %d, geomean %.3f (%.3f-%.3f)" % (len(sl), g(sl), min(sl), max(sl), len(un), g(un), min(un), max(un)))
