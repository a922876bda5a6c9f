import json, sys, collections
d = sys.argv[1]
tor = {}
for l in open(d + "/torch.jsonl"):
    x = json.loads(l); tor[(x["m"], x["n"], x["k"])] = x["ms"]
t = collections.defaultdict(dict); ch = {}
for l in open(d + "/ks.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf": continue
    s = (x["m"], x["n"], x["k"])
    if x.get("check") != "OK" or x.get("median_ms") is None: continue
    t[s][x["tag"]] = x["median_ms"]
    if x["tag"] == "auto": p = x["params"]; ch[s] = "%s %dx%d ks%d" % (x["chosen"], p["mwg"], p["nwg"], p["ksplit"])
tags = sorted({k for v in t.values() for k in v})
for s in t:
    cb = tor.get(s)
    a = min(t[s].get("auto", 9), t[s].get("auto2", 9))
    best = sorted(((v, k) for k, v in t[s].items() if not k.startswith("auto")))[:4]
    print("%-16s cuBLAS %.4f auto %.4f (%.2f, %s) best: %s" % ("x".join(map(str, s)), cb, a, cb / a, ch.get(s),
          "  ".join("%s %.4f (%.2f)" % (k, v, cb / v) for v, k in best)))
    if len(sys.argv) > 2:
        print("    " + " ".join("%s:%.2f" % (k, cb / t[s][k]) for k in tags if k in t[s]))
