#!/usr/bin/env python3
"""summ7.py CALLDIR: per library (v0, now), auto's fastest median over the rounds against
cuBLAS: min / median / geometric mean over the sweeps, over those with m, n, k >= 1024 and with
a side <= 128, and each named product; and now's time over v0's where the choice changed."""
import json, math, statistics as st, sys
D = sys.argv[1]
t, ch, sweep = {}, {}, set()
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("op") == "sweep":
        for s in x["shapes"]: sweep.add(tuple(s))
        continue
    if x.get("impl") != "txf" or x.get("check") != "OK" or "m" not in x: continue
    s = (x["m"], x["n"], x["k"]); v = x["set"]; p = x.get("params") or {}
    t[(s, v)] = min(t.get((s, v), 1e9), x["median_ms"])
    ch[(s, v)] = "%s %dx%dx%d ks%d" % (x.get("chosen"), p.get("mwg", 0), p.get("nwg", 0), p.get("kwg", 0), p.get("ksplit", 1))
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for v in ("v0", "now"):
    for name, sel in (("sweeps", lambda s: s in sweep), ("sweeps, m, n, k >= 1024", lambda s: s in sweep and min(s) >= 1024),
                      ("sweeps, a side <= 128", lambda s: s in sweep and min(s) <= 128), ("named", lambda s: s not in sweep)):
        r = sorted((cu[s] / t[(s, v)], s) for (s, w) in t if w == v and s in cu and sel(s))
        if not r: continue
        q = [a for a, _ in r]
        print("%-4s %-24s %2d: min %.2f median %.3f geomean %.3f, under 0.8: %d, under 0.9: %d; lowest %s" % (
            v, name, len(q), q[0], st.median(q), gm(q), sum(a < 0.8 for a in q), sum(a < 0.9 for a in q),
            ", ".join("%s %.2f" % ("x".join(map(str, s)), a) for a, s in r[:3])))
        if name == "named":
            print("     " + ", ".join("%s %.2f" % ("x".join(map(str, s)), a) for a, s in sorted(r, key=lambda z: z[1])))
chg = [s for (s, v) in t if v == "v0" and (s, "now") in t and ch[(s, "v0")] != ch[(s, "now")]]
r = [t[(s, "v0")] / t[(s, "now")] for s in chg]
if r:
    print("choice changed on %d of %d: v0 time / now's geomean %.3f (min %.2f max %.2f)" % (len(r), len({s for (s, v) in t}), gm(r), min(r), max(r)))
