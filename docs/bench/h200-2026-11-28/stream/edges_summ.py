"""edges_summ.py FILE: per shape, the fastest of the rounds (min_ms) of the copy, dcf7197 (old)
and this tree (new), and old / new; then each tree's per-round medians for the shapes under 0.1 ms."""
import json, collections, sys
t = collections.defaultdict(lambda: 1e9); med = collections.defaultdict(list)
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("impl") not in ("txf", "copy") or x.get("min_ms") is None: continue
    k = (x["rows"], x["cols"], x["v"], x["impl"]); t[k] = min(t[k], x["min_ms"])
    if x["impl"] == "txf": med[k].append(x["median_ms"])
for s in sorted({k[:2] for k in t}, key=lambda s: (s[1] < 64, s[0] < 64, s)):
    c = min(t[s + ("old", "copy")], t[s + ("new", "copy")]); o, n = t[s + ("old", "txf")], t[s + ("new", "txf")]
    print("u1 %6dx%-6d copy %.4f old %.4f (%.2f) new %.4f (%.2f) speed-up %.2f  medians old %s new %s" % (
        s + (c, o, c / o, n, c / n, o / n, " ".join("%.4f" % v for v in med[s + ("old", "txf")]),
        " ".join("%.4f" % v for v in med[s + ("new", "txf")]))))
