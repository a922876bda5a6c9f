#!/usr/bin/env python3
"""lines.py FILE: per type and shape, the non-temporal stores' median over the ordinary ones'
in each round, their median, and each's fastest round (us)."""
import json, collections, statistics as st, sys
t = {}
E = {"u1": 1, "f2": 2, "f4": 4, "f8": 8, "c16": 16}
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("impl") != "txf" or "rows" not in x or x.get("median_ms") is None: continue
    t[(x["dtype"], x["rows"], x["st"], x["r"])] = x["median_ms"] * 1e3
for d in E:
    for s in sorted({k[1] for k in t if k[0] == d}):
        rs = [r for r in range(1, 7) if (d, s, 1, r) in t and (d, s, -1, r) in t]
        q = [t[(d, s, 1, r)] / t[(d, s, -1, r)] for r in rs]
        print("%-4s %5d^2 %5.2f MB  non-temporal / ordinary: %s  median %.2f  fastest %.0f / %.0f us" % (
            d, s, s * s * E[d] / 1e6, " ".join("%.2f" % v for v in q), st.median(q),
            min(t[(d, s, 1, r)] for r in rs), min(t[(d, s, -1, r)] for r in rs)))
