import math, sys, collections, itertools
slots = {"128x128": 2, "128x64": 2, "64x64": 4, "256x128": 1}
rows = []
for l in open(sys.argv[1]):
    f = l.split()
    t, tc, pc, ms = map(float, f[:4]); src = f[4]; s = f[5]; shape = f[6]; ks = int(f[7][2:]); pk = int(f[8][2:])
    k = int(shape.split("x")[2])
    rows.append(dict(t=t, tc=tc, pc=pc, ms=ms, src=src, s=s, shape=shape, ks=ks, pk=pk, kps=k / ks))
def est(r, a, b, pkf):
    # a: rate factor per set, b: round cost (us) per set, pkf: factor on compute when packed, per set
    tc = r["tc"] / a[r["s"]]
    if r["pk"]: tc = tc / pkf.get(r["s"], 1.0)
    return r["t"] - r["tc"] - r["pc"] * 2.0 / slots[r["s"]] + tc + r["pc"] * b[r["s"]] / slots[r["s"]]
def err(a, b, pkf, sel=lambda r: True):
    e = [math.log(est(r, a, b, pkf) / r["ms"]) for r in rows if sel(r)]
    return math.sqrt(sum(x * x for x in e) / len(e)), sum(e) / len(e)
def regret(a, b, pkf, src="new"):
    g = collections.defaultdict(dict)
    for r in rows:
        if r["src"] != src: continue
        key = (r["s"], r["ks"], r["pk"])
        g[r["shape"]][key] = min(g[r["shape"]].get(key, (1e99, r))[0], r["ms"]), r
    out = []
    for shape, d in g.items():
        if len(d) < 3: continue
        best = min(v[0] for v in d.values())
        pick = min(d.values(), key=lambda v: est(v[1], a, b, pkf))
        out.append((pick[0] / best, shape, pick[1]["s"], pick[1]["ks"], pick[1]["pk"]))
    lg = [math.log(x[0]) for x in out]
    return math.exp(sum(lg) / len(lg)), max(out), sum(1 for x in out if x[0] > 1.05), len(out), out
sets = sorted(slots)
a0 = {s: 1.0 for s in sets}; b0 = {s: 2.0 for s in sets}; p0 = {}
def report(name, a, b, p):
    print("%s: rms all %.3f mean %.3f | new %.3f | old %.3f" % ((name,) + err(a, b, p) + (err(a, b, p, lambda r: r["src"] == "new")[0], err(a, b, p, lambda r: r["src"] == "old")[0])))
    g, mx, n5, n, out = regret(a, b, p)
    print("   regret new: geomean %.4f, max %.3f (%s %s ks%d pk%d), >5%%: %d of %d" % (g, mx[0], mx[1], mx[2], mx[3], mx[4], n5, n))
    for s in sets:
        for kb in range(6, 14):
            v = [math.log(est(r, a, b, p) / r["ms"]) for r in rows if r["s"] == s and kb <= math.log2(r["kps"]) < kb + 1]
            if len(v) >= 4: print("   %s K/slice 2^%d: %3d, est/time %.3f" % (s, kb, len(v), math.exp(sum(v) / len(v))))
report("as built", a0, b0, p0)
if len(sys.argv) > 2 and sys.argv[2] == "fit":
    sel = (lambda r: True)
    a, b, p = dict(a0), dict(b0), {}
    for it in range(5):
        for s in sets:
            a[s] = min((err(dict(a, **{s: v}), b, p, sel)[0], v) for v in [0.9 + 0.02 * i for i in range(21)])[1]
            b[s] = min((err(a, dict(b, **{s: v}), p, sel)[0], v) for v in [0.5 * j for j in range(30)])[1]
    report("fit rates+round per set %s %s" % ({s: round(v, 2) for s, v in a.items()}, b), a, b, p)
