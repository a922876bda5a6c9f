#!/usr/bin/env python3
"""summ.py FILE: per type, auto's ratio to the copy (each one's fastest median over the rounds):
min / median / geometric mean and the count under 0.5, over the sweep and the named shapes; and
for 4- and 8-byte elements the shapes where OpenBLAS's ?omatcopy is faster."""
import json, math, statistics as st, collections, sys
t = collections.defaultdict(lambda: 1e9); sweep = set()
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("op") == "sweep":
        for s in x["shapes"]: sweep.add((x["dtype"],) + tuple(s))
        continue
    if "rows" not in x or x.get("median_ms") is None: continue
    k = (x["dtype"], x["rows"], x["cols"], x["impl"]); t[k] = min(t[k], x["median_ms"])
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for d in ("u1", "f2", "f4", "f8"):
    for name, sel in (("sweep", lambda s: s in sweep), ("named", lambda s: s not in sweep)):
        ss = sorted({k[:3] for k in t if k[0] == d and k[3] == "txf" and sel(k[:3]) and k[:3] + ("copy",) in t})
        r = [t[s + ("copy",)] / t[s + ("txf",)] for s in ss]
        below = [s for s in ss if s + ("blas",) in t and t[s + ("blas",)] < t[s + ("txf",)]]
        print("%-3s %-5s %2d shapes: of copy min %.2f median %.2f geomean %.2f, under 0.5: %d%s" % (
            d, name, len(ss), min(r), st.median(r), gm(r), sum(a < 0.5 for a in r),
            "; OpenBLAS faster on %d: %s" % (len(below), ", ".join("%dx%d" % s[1:] for s in below)) if d in ("f4", "f8") else ""))
