#!/usr/bin/env python3
"""summ.py CALLDIR: per type, the fastest median over the rounds of auto on each
product against cuBLAS (cuBLAS time / the library's): min, median and geometric
mean over the sweeps, over the products with m, n, k >= 1024 and with one of
them <= 128, the count under 0.8 and 0.9, and each named product."""
import json, math, statistics as st, sys
D = sys.argv[1]
best, sweep = {}, set()
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("op") == "sweep":
        for s in x["shapes"]: sweep.add((x["dtype"],) + tuple(s))
        continue
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["dtype"], x["m"], x["n"], x["k"])
    best[k] = min(best.get(k, 1e9), x["median_ms"])
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["dtype"], x["m"], x["n"], x["k"])] = x["ms"]
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for dt in ("f4", "f8"):
    for name, sel in (("sweeps", lambda k: k in sweep), ("sweeps, m, n, k >= 1024", lambda k: k in sweep and min(k[1:]) >= 1024),
                      ("sweeps, a side <= 128", lambda k: k in sweep and min(k[1:]) <= 128), ("named", lambda k: k not in sweep)):
        r = sorted((cu[k] / best[k], k) for k in best if k[0] == dt and k in cu and sel(k))
        if not r: continue
        v = [x for x, _ in r]
        print("%s %-24s %2d: min %.2f median %.3f geomean %.3f, under 0.8: %d, under 0.9: %d; lowest %s" % (
            dt, name, len(v), v[0], st.median(v), gm(v), sum(x < 0.8 for x in v), sum(x < 0.9 for x in v),
            ", ".join("%s %.2f" % ("x".join(map(str, k[1:])), x) for x, k in r[:3])))
        if name == "named":
            print("   " + ", ".join("%s %.2f" % ("x".join(map(str, k[1:])), x) for x, k in r))
