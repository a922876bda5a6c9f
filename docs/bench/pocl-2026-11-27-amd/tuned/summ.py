#!/usr/bin/env python3
"""summ.py FILE.jsonl: per product the fastest median without the tuning file over that with it
(tu 0 / tu 1), the products that moved more than 10 %, and the geometric mean."""
import json, collections, math, sys
t = collections.defaultdict(lambda: 1e9); ch = {}
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x or x.get("median_ms") is None: continue
    k = ((x["m"], x["n"], x["k"]), x["tu"]); t[k] = min(t[k], x["median_ms"])
    p = x.get("params") or {}
    ch[k] = "%s %sx%s ks%s kvec%s" % (x.get("chosen"), p.get("mwg"), p.get("nwg"), p.get("ksplit"), p.get("kvec"))
r = []
for s in sorted({k[0] for k in t}):
    q = t[(s, 0)] / t[(s, 1)]; r.append(q)
    if abs(math.log(q)) > 0.1:
        print("%-16s untuned / tuned %.2f  %.1f us / %.1f us  %s -> %s" % ("x".join(map(str, s)), q, t[(s, 0)] * 1e3, t[(s, 1)] * 1e3, ch[(s, 0)], ch[(s, 1)]))
print("geometric mean untuned / tuned %.3f over %d products (min %.2f, max %.2f)" % (math.exp(sum(map(math.log, r)) / len(r)), len(r), min(r), max(r)))
