import json, collections, math, sys
t = collections.defaultdict(lambda: 1e9); ok = collections.Counter(); ch = {}
cu = {}
for l in open(sys.argv[1] + "/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
for l in open(sys.argv[1] + "/e.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x: continue
    ok[x.get("check")] += 1
    if x.get("check") != "OK": continue
    k = (x["v"], x["tag"], x["m"], x["n"], x["k"]); t[k] = min(t[k], x["median_ms"])
    p = x["params"]; ch[k] = "%s %dx%d ks%d" % (x["chosen"], p["mwg"], p["nwg"], p["ksplit"])
print(ok)
for tag in ["auto", "M"]:
    rs = []; c0 = []; c1 = []
    print("==", tag, "time v0 / time v1 (v1: staged C stores up to K 1024)")
    for s in sorted({k[2:] for k in t if k[1] == tag}, key=lambda s: s[2]):
        a, b = t[("v0", tag) + s], t[("v1", tag) + s]; r = a / b
        if s[1] % 4: rs.append(r)
        c0.append(cu[s] / a); c1.append(cu[s] / b)
        print("%5dx%5dx%5d %-18s v0 %.4f v1 %.4f  %.3f   of cuBLAS %.2f -> %.2f" % (s + (ch[("v0", tag) + s], a, b, r, cu[s] / a, cu[s] / b)))
    g = math.exp(sum(map(math.log, rs)) / len(rs))
    print("rows off 16 bytes: geomean %.3f, min %.3f, max %.3f (%d); of cuBLAS median %.3f -> %.3f" % (g, min(rs), max(rs), len(rs), sorted(c0)[len(c0)//2], sorted(c1)[len(c1)//2]))
