#!/usr/bin/env python3
"""summ6.py CALLDIR: run6.sh's products: per type (f8, tf32) and product the
fastest median over the rounds of this tree's kernels (cur) and of the
matrix-unit matmul_clip storing interior blocks unchecked (mmaclip), what auto
ran, cur / mmaclip, and their geometric mean."""
import json, math, sys
D = sys.argv[1]
best, how = {}, {}
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; p = x["params"] or {}
        how[k] = "%s %sx%s mma %s" % (x["chosen"], p.get("mwg"), p.get("nwg"), p.get("mma"))
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for t in ("f8", "tf32"):
    r = []
    for k in sorted(best):
        if k[0] != "cur/" + t or ("mmaclip/" + t,) + k[1:] not in best: continue
        a, b = best[k], best[("mmaclip/" + t,) + k[1:]]
        r.append(a / b)
        print("%-4s %-16s cur %8.3f ms  mmaclip %8.3f ms  cur/mmaclip %.3f  %s" % (t, "x".join(map(str, k[1:])), a, b, a / b, how[k]))
    print("%-4s geomean %.3f (%.2f-%.2f)" % (t, gm(r), min(r), max(r)))
