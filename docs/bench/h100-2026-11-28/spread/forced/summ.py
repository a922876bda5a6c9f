import json, collections, math, sys
t = collections.defaultdict(lambda: 1e9); ok = collections.Counter(); ch = {}
for l in open(sys.argv[1] + "/e.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x: continue
    ok[x.get("check")] += 1
    if x.get("check") != "OK": continue
    k = (x["v"], x["tag"], x["m"], x["n"], x["k"]); t[k] = min(t[k], x["median_ms"])
    p = x["params"]; ch[k] = "%s %dx%d ks%d" % (x["chosen"], p["mwg"], p["nwg"], p["ksplit"])
print(ok)
for tag in ["auto", "M", "S"]:
    un = []; al = []
    print("==", tag, "time v0 / time w1")
    for s in sorted({k[2:] for k in t if k[1] == tag}, key=lambda s: s[2]):
        a, b = t[("v0", tag) + s], t[("w1", tag) + s]; r = a / b
        (un if s[1] % 4 else al).append(r)
        print("%5dx%5dx%5d %-20s v0 %.4f w1 %.4f  %.3f" % (s + (ch[("v0", tag) + s], a, b, r)))
    for name, rs in (("C rows off 16 bytes", un), ("on 16 bytes", al)):
        if rs: print("%s: geomean %.3f, min %.3f, max %.3f (%d)" % (name, math.exp(sum(map(math.log, rs)) / len(rs)), min(rs), max(rs), len(rs)))
