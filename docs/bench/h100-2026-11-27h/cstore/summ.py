#!/usr/bin/env python3
"""summ.py CALLDIR: per product, the fastest median over the rounds of
18688c6 (old) and this tree (new), auto, what each ran, old / new and each
against cuBLAS (cuBLAS time / the library's); min / median / max of old / new
per type and group (a K of at most 67 with C's rows on 16-byte boundaries or
not, deeper K); then each forced set against new auto."""
import json, statistics as st, sys
D = sys.argv[1]
best, how = {}, {}
for l in open(f"{D}/mm.jsonl"):
    if not l.startswith("{"): continue
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["dtype"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; p = x["params"] or {}
        how[k] = "simple" if not p else "dot" if p.get("dot", 1) > 1 else "%sx%sx%s%s" % (
            p.get("mwg"), p.get("nwg"), p.get("kwg"), " mma" if p.get("mma", 1) > 1 else "")
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["dtype"], x["m"], x["n"], x["k"])] = x["ms"]
def aligned(k): return k[2] % (4 if k[0] == "f4" else 2) == 0
groups = (("K <= 67, C rows aligned", lambda k: k[3] <= 67 and aligned(k)),
          ("K <= 67, C rows not aligned", lambda k: k[3] <= 67 and not aligned(k)),
          ("K > 67", lambda k: k[3] > 67))
for dt in ("f4", "f8"):
    for grp, cond in groups:
        r = []
        for k in sorted({k[1:] for k in best if k[1] == dt}, key=lambda k: (k[3], k)):
            if not cond(k) or ("old",) + k not in best or ("new",) + k not in best: continue
            o, n = best[("old",) + k], best[("new",) + k]
            r.append(o / n)
            print("%s %-18s old %.4f ms (%s) new %.4f ms (%s) old/new %.2f  of cuBLAS old %.2f new %.2f" % (
                dt, "x".join(map(str, k[1:])), o, how[("old",) + k], n, how[("new",) + k], o / n,
                cu[k] / o, cu[k] / n))
        if r: print("%s %s: old/new min %.2f median %.2f max %.2f over %d\n" % (dt, grp, min(r), st.median(r), max(r), len(r)))
sets = sorted({k[0] for k in best} - {"old", "new"})
for dt in ("f4", "f8"):
    for s in sets:
        r = [(best[("new",) + k[1:]] / best[k], k) for k in best if k[0] == s and k[1] == dt and ("new",) + k[1:] in best]
        if not r: continue
        v = sorted(x for x, _ in r)
        print("%s %-7s new auto / set: min %.2f median %.2f max %.2f over %d; set of cuBLAS median %.2f" % (
            dt, s, v[0], st.median(v), v[-1], len(v), st.median(cu[k[1:]] / best[k] for _, k in r)))
        print("   " + " ".join("%s:%.2f" % ("x".join(map(str, k[2:])), x) for x, k in sorted(r, key=lambda y: y[1][4])))
