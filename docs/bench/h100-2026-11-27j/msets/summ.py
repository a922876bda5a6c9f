#!/usr/bin/env python3
"""summ.py CALLDIR: per product, cuBLAS's time over each configuration's (the fastest
median over the rounds), auto's choice, and the geometric mean of each over the products."""
import json, math, sys
D = sys.argv[1]
t, ch, order = {}, {}, []
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK" or "m" not in x: continue
    s = (x["m"], x["n"], x["k"]); c = x["set"]
    if s not in order: order.append(s)
    if x["median_ms"] < t.get((s, c), 1e9):
        t[(s, c)] = x["median_ms"]
        p = x.get("params") or {}
        ch[(s, c)] = "%s %dx%dx%d ks%d" % (x.get("chosen"), p.get("mwg", 0), p.get("nwg", 0), p.get("kwg", 0), p.get("ksplit", 1))
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
sets = sorted({c for (_, c) in t}, key=lambda c: (c != "auto", c))
print("%-18s %7s %-28s" % ("product", "cuBLAS", "auto ran") + "".join("%7s" % c for c in sets) + "  best")
gm = {c: [] for c in sets}
for s in order:
    if s not in cu: continue
    r = {c: cu[s] / t[(s, c)] for c in sets if (s, c) in t}
    for c in r: gm[c].append(r[c])
    b = max(r, key=r.get)
    print("%-18s %7.4f %-28s" % ("x".join(map(str, s)), cu[s], ch.get((s, "auto"), "")) +
          "".join("%7.2f" % r[c] if c in r else "      -" for c in sets) + "  " + b)
for c in sets:
    v = gm[c]
    print("%-8s of cuBLAS: geomean %.3f min %.2f over %d" % (c, math.exp(sum(map(math.log, v)) / len(v)), min(v), len(v)))
