#!/usr/bin/env python3
"""summ.py CALLDIR: per product and form (precision or input type), the
fastest median over the rounds of element stores (old) and pair stores
(new), old / new; then min / median / max per form."""
import json, statistics as st, sys
D = sys.argv[1]
best, ch = {}, {}
for l in open(f"{D}/mm.jsonl"):
    if not l.startswith("{"): continue
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["how"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; ch[k] = x["chosen"]
for how in sorted({k[1] for k in best}):
    r = []
    for k in sorted({k[1:] for k in best if k[1] == how}, key=lambda k: k[3]):
        if ("old",) + k not in best or ("new",) + k not in best: continue
        o, n = best[("old",) + k], best[("new",) + k]
        r.append(o / n)
        print("%-22s %-16s old %.4f ms new %.4f ms (%s) old/new %.2f" % (how, "x".join(map(str, k[1:])), o, n, ch[("new",) + k], o / n))
    if r: print("%s: old/new min %.2f median %.2f max %.2f over %d\n" % (how, min(r), st.median(r), max(r), len(r)))
