#!/usr/bin/env python3
"""summ.py FILE: per type, the fastest median over the rounds of each build; on the shapes whose
choice changed, the old time over the new (geometric mean, min, max), and the ratio to the copy
(the copy's fastest over the rounds) before and after; each changed named shape."""
import json, math, collections, sys
t = collections.defaultdict(lambda: 1e9); cp = collections.defaultdict(lambda: 1e9); ch = {}
named = set()
for l in open(sys.argv[1]):
    x = json.loads(l)
    if "rows" not in x or x.get("median_ms") is None: continue
    s = (x["dtype"], x["rows"], x["cols"])
    if x.get("impl") == "copy":
        cp[s] = min(cp[s], x["median_ms"]); continue
    if x.get("impl") != "txf": continue
    k = (s, x["v"]); t[k] = min(t[k], x["median_ms"])
    p = x.get("params") or {}
    ch[k] = "%s t%s st%s stores%s" % (x.get("chosen"), p.get("tile"), p.get("stream"), p.get("stores"))
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for d in ("u1", "f2", "f4", "f8", "c16"):
    ss = sorted({k[0] for k in t if k[0][0] == d and (k[0], "old") in t and (k[0], "new") in t})
    chg = [s for s in ss if ch[(s, "old")] != ch[(s, "new")]]
    if not chg:
        print("%-4s %d shapes, no choice changed" % (d, len(ss))); continue
    r = [t[(s, "old")] / t[(s, "new")] for s in chg]
    print("%-4s %d shapes, %d changed: old / new %.2f (%.2f-%.2f); of copy %.2f -> %.2f (geometric means)" % (
        d, len(ss), len(chg), gm(r), min(r), max(r), gm([cp[s] / t[(s, "old")] for s in chg]), gm([cp[s] / t[(s, "new")] for s in chg])))
    for s in chg:
        print("     %5dx%-5d %6.1f -> %6.1f us  of copy %.2f -> %.2f  %s -> %s" % (s[1], s[2], t[(s, "old")] * 1e3, t[(s, "new")] * 1e3,
              cp[s] / t[(s, "old")], cp[s] / t[(s, "new")], ch[(s, "old")], ch[(s, "new")]))
