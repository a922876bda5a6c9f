#!/usr/bin/env python3
"""summ.py CALLDIR: per shape and type, each build's fastest median over the
rounds ("old" 55dc208, "new" this tree), new / old time, the kernel each ran
(dot lanes or blocks), and each against cuBLAS (cuBLAS time / library time)."""
import json, sys, statistics as st
D = sys.argv[1]
best, par = {}, {}
for l in open(f"{D}/mm.jsonl"):
    if not l.startswith("{"): continue
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["dtype"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]
        p = x["params"] or {"mwg": 0, "nwg": 0}
        par[k] = "dot %d" % p["dot"] if p.get("dot", 1) > 1 else "%dx%d" % (p["mwg"], p["nwg"])
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["dtype"], x["m"], x["n"], x["k"])] = x["ms"]
rat = {"f4": [], "f8": []}
for k in sorted({k[1:] for k in best}):
    o, n = best.get(("old",) + k), best.get(("new",) + k)
    if o is None or n is None: continue
    c = cu.get(k)
    rat[k[0]].append(o / n)
    print("%s %-16s old %8.4f ms (%-8s) new %8.4f ms (%-8s) old/new %.2f  of cuBLAS: old %.2f new %.2f" % (
        k[0], "x".join(map(str, k[1:])), o, par[("old",) + k], n, par[("new",) + k], o / n,
        c / o if c else 0, c / n if c else 0))
for dt, r in rat.items():
    if r: print(dt, "old / new time: min %.2f median %.2f max %.2f over %d shapes" % (min(r), st.median(r), max(r), len(r)))
