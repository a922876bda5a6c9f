#!/usr/bin/env python3
"""summ2.py CALLDIR: per product, the fastest median over the rounds of the
kernels before (old) and this tree's (new), auto, what each ran, the time
old / new and each against cuBLAS (cuBLAS time / the library's); then per
type and group min / median of old / new."""
import json, statistics as st, sys
D = sys.argv[1]
best, how = {}, {}
for l in open(f"{D}/mm.jsonl"):
    if not l.startswith("{"): continue
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK" or x["set"] not in ("old", "new"): continue
    k = (x["set"], x["dtype"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; p = x["params"] or {}
        how[k] = "simple" if not p else "dot" if p.get("dot", 1) > 1 else "%sx%sx%s%s" % (
            p.get("mwg"), p.get("nwg"), p.get("kwg"), " mma" if p.get("mma", 1) > 1 else "")
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["dtype"], x["m"], x["n"], x["k"])] = x["ms"]
for dt in ("f4", "f8"):
    for grp, cond in (("K <= 67", lambda k: k[4] <= 67), ("K > 67", lambda k: k[4] > 67)):
        r = []
        for k in sorted({k[1:] for k in best if k[1] == dt}, key=lambda k: (k[3], k)):
            if not cond((None,) + k) or ("old",) + k not in best or ("new",) + k not in best: continue
            o, n = best[("old",) + k], best[("new",) + k]
            r.append(o / n)
            print("%s %-18s old %.4f ms (%s) new %.4f ms (%s) old/new %.2f  of cuBLAS old %.2f new %.2f" % (
                dt, "x".join(map(str, k[1:])), o, how[("old",) + k], n, how[("new",) + k], o / n,
                cu[k] / o, cu[k] / n))
        if r: print("%s %s: old/new min %.2f median %.2f max %.2f over %d" % (dt, grp, min(r), st.median(r), max(r), len(r)))
