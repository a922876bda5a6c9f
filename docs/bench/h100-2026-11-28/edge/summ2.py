import json, collections, math, sys
t = collections.defaultdict(lambda: 1e9); ok = collections.Counter()
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x: continue
    ok[x.get("check")] += 1
    if x.get("check") != "OK": continue
    k = (x["v"], x["tag"], x["m"], x["n"], x["k"]); t[k] = min(t[k], x["median_ms"])
print(ok)
shapes = sorted({k[2:] for k in t if k[1] == "U-M"}, key=lambda s: s[0]*s[1]*s[2])
vs = ["v1", "v2", "v3"]
for tag in ["U-auto", "U-M", "U-S", "E-M"]:
    print("==", tag, "time v0 / time vN")
    rs = {v: [] for v in vs}
    for s in sorted({k[2:] for k in t if k[1] == tag}, key=lambda s: s[0]*s[1]*s[2]):
        a = t[("v0", tag) + s]
        line = "%5dx%5dx%5d v0 %.3f" % (s + (a,))
        for v in vs:
            r = a / t[(v, tag) + s]; rs[v].append(r); line += "  %s %.3f" % (v, r)
        print(line)
    print("geomean " + "  ".join("%s %.3f (min %.3f)" % (v, math.exp(sum(map(math.log, rs[v])) / len(rs[v])), min(rs[v])) for v in vs))
