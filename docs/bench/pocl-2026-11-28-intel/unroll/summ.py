import json, sys, math, collections
a, b = sys.argv[2], sys.argv[3]
t = collections.defaultdict(lambda: 1e99); ch = {}
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x or x.get("check") != "OK": continue
    k = (x["dtype"], x["m"], x["n"], x["k"])
    t[(x["v"],) + k] = min(t[(x["v"],) + k], x["median_ms"]); ch[k] = "%s %dx%d" % (x["chosen"], x["params"]["mwg"], x["params"]["nwg"])
for dt in ["f4", "f8"]:
    rs = []
    for k in sorted({k for k in ch if k[0] == dt}, key=lambda k: k[1] * k[2] * k[3]):
        r = t[(a,) + k] / t[(b,) + k]; rs.append(r)
        if len(sys.argv) > 4: print(dt, "%dx%dx%d" % k[1:], ch[k], "%.3f ms" % t[(a,) + k], "%.3f" % r)
    print(dt, "%s/%s: geomean %.3f, min %.3f, max %.3f, n %d" % (a, b, math.exp(sum(map(math.log, rs)) / len(rs)), min(rs), max(rs), len(rs)))
