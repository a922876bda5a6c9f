import json, sys, collections, math
d = sys.argv[1]
tor = {}
for l in open(d + "/torch.jsonl"):
    x = json.loads(l); tor[(x["m"], x["n"], x["k"])] = x["ms"]
t = collections.defaultdict(lambda: 1e9); ch = {}; bad = 0
for l in open(d + "/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("op") != "matmul": continue
    if x.get("check") != "OK": bad += 1; continue
    s = (x["m"], x["n"], x["k"]); k = (s, x["set"])
    t[k] = min(t[k], x["median_ms"])
    p = x["params"]; ch[k] = "%s %dx%d ks%d" % (x["chosen"], p["mwg"], p["nwg"], p["ksplit"])
shapes = sorted({k[0] for k in t}, key=lambda s: s[0] * s[1] * s[2])
rat = []; cb0 = []; cb1 = []
for s in shapes:
    a, b = t[(s, "v0")], t[(s, "now")]
    c = tor.get(s, float("nan"))
    changed = ch[(s, "v0")] != ch[(s, "now")]
    if changed: rat.append(a / b)
    cb0.append(c / a); cb1.append(c / b)
    if changed or len(sys.argv) > 2:
        print("%-16s v0 %.4f (%s) now %.4f (%s) speed-up %.3f  cuBLAS %.2f -> %.2f" % ("x".join(map(str, s)), a, ch[(s, "v0")], b, ch[(s, "now")], a / b, c / a, c / b))
rat.sort()
gm = math.exp(sum(map(math.log, rat)) / len(rat))
print("changed %d of %d: speed-up min %.3f median %.3f geomean %.3f max %.3f; slower than 0.97: %d; failures %d" % (len(rat), len(shapes), rat[0], rat[len(rat) // 2], gm, rat[-1], sum(r < 0.97 for r in rat), bad))
def med(v): v = sorted(v); return v[len(v) // 2]
big = [i for i, s in enumerate(shapes) if min(s) >= 1024]
print("of cuBLAS, all %d: median %.3f -> %.3f; m,n,k>=1024 (%d): median %.3f -> %.3f, min %.3f -> %.3f" % (len(shapes), med(cb0), med(cb1), len(big), med([cb0[i] for i in big]), med([cb1[i] for i in big]), min(cb0[i] for i in big), min(cb1[i] for i in big)))
