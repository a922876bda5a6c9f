#!/usr/bin/env python3
"""summ3.py CALLDIR: each library's auto (fastest median over the rounds) against the first's (v0, or v4) on the
products whose choice it changed, and against cuBLAS on all: geometric mean, min, max, and
the products it changed that lost more than 5 %."""
import json, math, sys
D = sys.argv[1]
t, ch = {}, {}
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK" or "m" not in x: continue
    s = (x["m"], x["n"], x["k"]); v = x["set"]; p = x.get("params") or {}
    c = "%s %dx%dx%d ks%d" % (x.get("chosen"), p.get("mwg", 0), p.get("nwg", 0), p.get("kwg", 0), p.get("ksplit", 1))
    ch[(s, v)] = c
    t[(s, v)] = min(t.get((s, v), 1e9), x["median_ms"])
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")
shapes = sorted({s for (s, _) in t})
present = [v for v in ("v0", "v1", "v2", "v3", "v4", "v5", "now") if any(k[1] == v for k in t)]
base = present[0]
for v in present:
    allr = [cu[s] / t[(s, v)] for s in shapes if (s, v) in t and s in cu]
    chg = [s for s in shapes if (s, v) in t and ch[(s, v)] != ch[(s, base)]]
    r = [t[(s, base)] / t[(s, v)] for s in chg]
    print("%s: of cuBLAS geomean %.3f min %.2f over %d; changed %d: first / this %.3f (min %.2f max %.2f)" % (
        v, gm(allr), min(allr), len(allr), len(chg), gm(r), min(r) if r else 0, max(r) if r else 0))
    for s in chg:
        q = t[(s, base)] / t[(s, v)]
        if q < 0.95 or v == "v2":
            print("   %-16s %5.2f  %s -> %s  (of cuBLAS %.2f -> %.2f)" % ("x".join(map(str, s)), q, ch[(s, base)], ch[(s, v)], cu[s] / t[(s, base)], cu[s] / t[(s, v)]))
