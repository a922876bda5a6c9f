# summ.py FILE: per product the fastest median per version (v 0 before, 1 after) and OpenBLAS; ratios
import json, sys, math, collections, os
STAT = os.environ.get("STAT", "median_ms")
t = collections.defaultdict(lambda: 1e99); ch = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    x = json.loads(l)
    if "m" not in x or x.get("check") != "OK": continue
    k = (x["dtype"], x["m"], x["n"], x["k"])
    v = "blas" if x["impl"] == "blas" else x["v"]
    t[(v,) + k] = min(t[(v,) + k], x[STAT])
    if x["impl"] == "txf": ch[x["v"]][k] = "%dx%d" % (x["params"]["mwg"], x["params"]["nwg"])
gm = lambda rs: math.exp(sum(map(math.log, rs)) / len(rs))
for dt in ["f4", "f8"]:
    ks = sorted({k for k in ch[0] if k[0] == dt}, key=lambda k: k[1] * k[2] * k[3])
    ab, b0, b1, chg = [], [], [], []
    for k in ks:
        r = t[(0,) + k] / t[(1,) + k]; ab.append(r)
        b0.append(t[("blas",) + k] / t[(0,) + k]); b1.append(t[("blas",) + k] / t[(1,) + k])
        if ch[0][k] != ch[1][k] or (k[1] % int(ch[1][k].split("x")[0])): chg.append(r)
        if len(sys.argv) > 2: print(dt, "%dx%dx%d" % k[1:], ch[0][k], ch[1][k], "%.4f ms" % t[(0,) + k], "%.3f" % r, "blas/0 %.2f blas/1 %.2f" % (b0[-1], b1[-1]))
    print(dt, "before/after: geomean %.3f (min %.3f, max %.3f, n %d); with an M edge or a new choice: %.3f (n %d)" % (gm(ab), min(ab), max(ab), len(ab), gm(chg) if chg else 0, len(chg)))
    print(dt, "  of OpenBLAS: before median %.2f, slower on %d; after median %.2f, slower on %d" % (sorted(b0)[len(b0)//2], sum(x < 1 for x in b0), sorted(b1)[len(b1)//2], sum(x < 1 for x in b1)))
