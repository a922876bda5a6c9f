"""summ.py FILE [-v]: per type, the ratio to the copy (fastest median of the rounds) before and
after, and the time after over before per shape (FILE from run.sh)."""
import json, sys, collections, math, gzip, os
STAT = os.environ.get("STAT", "median_ms")
t = collections.defaultdict(lambda: 1e9)
for l in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    x = json.loads(l)
    if "rows" not in x or x.get(STAT) is None: continue
    if x["impl"] == "txf" and x.get("check") != "OK": print("NOT OK", l.strip()); continue
    k = (x["v"], x["dtype"], x["rows"], x["cols"], x["impl"]); t[k] = min(t[k], x[STAT])
def med(v): v = sorted(v); return v[len(v) // 2] if v else float("nan")
for d in ("u1", "f2", "f4", "f8"):
    shapes = sorted({k[2:4] for k in t if k[1] == d and k[4] == "txf"}, key=lambda s: s[0] * s[1])
    ro, rn, sp, bo, bn = [], [], [], 0, 0
    for s in shapes:
        c = min(t[(v, d) + s + ("copy",)] for v in ("old", "new"))
        a, b = t[("old", d) + s + ("txf",)], t[("new", d) + s + ("txf",)]
        bl = min(t[(v, d) + s + ("blas",)] for v in ("old", "new"))
        ro.append(c / a); rn.append(c / b); sp.append(a / b)
        if bl < 1e9: bo += bl < a; bn += bl < b
        if "-v" in sys.argv:
            print("%s %6dx%-6d copy %.4f old %.4f (%.2f) new %.4f (%.2f) speed-up %.2f%s" % (d, s[0], s[1], c, a, c / a, b, c / b, a / b, " blas %.4f" % bl if bl < 1e9 else ""))
    gm = math.exp(sum(map(math.log, sp)) / len(sp))
    print("%s %d shapes: of copy median %.2f -> %.2f, under 0.5: %d -> %d; time before/after median %.2f geomean %.2f min %.2f max %.2f%s" % (
        d, len(shapes), med(ro), med(rn), sum(r < 0.5 for r in ro), sum(r < 0.5 for r in rn), med(sp), gm, min(sp), max(sp),
        "; OpenBLAS faster on %d -> %d" % (bo, bn) if d in ("f4", "f8") else ""))
