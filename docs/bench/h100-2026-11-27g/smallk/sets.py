#!/usr/bin/env python3
"""sets.py CALLDIR: per shape and type, each set's fastest median over the
rounds against cuBLAS (cuBLAS time / the set's), what auto ran, and per
set the min / median / geometric mean over the shapes."""
import json, math, statistics as st, sys
D = sys.argv[1]
best, how = {}, {}
for l in open(f"{D}/mm.jsonl"):
    if not l.startswith("{"): continue
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["dtype"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; p = x["params"] or {}
        how[k] = "dot" if p.get("dot", 1) > 1 else "%sx%s" % (p.get("mwg"), p.get("nwg"))
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["dtype"], x["m"], x["n"], x["k"])] = x["ms"]
sets = sorted({k[0] for k in best}, key=lambda s: (s != "auto", s))
for dt in ("f4", "f8"):
    per = {s: [] for s in sets}
    for k in sorted({k[1:] for k in best if k[1] == dt}):
        row = []
        for s in sets:
            if (s,) + k in best:
                r = cu[k] / best[(s,) + k]; per[s].append(r); row.append("%s %.2f" % (s, r))
        print(dt, "x".join(map(str, k[1:])), "auto ran", how.get(("auto",) + k), " ".join(row))
    for s in sets:
        v = per[s]
        if v: print(dt, s, "min %.2f median %.2f geomean %.2f" % (min(v), st.median(v), math.exp(sum(map(math.log, v)) / len(v))))
