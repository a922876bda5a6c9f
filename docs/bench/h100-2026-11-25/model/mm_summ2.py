import json, sys, os, statistics as st, math
d = sys.argv[1]
t = {}
for l in open(os.path.join(d, "torch.jsonl")):
    x = json.loads(l); t[(x["m"], x["n"], x["k"])] = x["ms"]
groups = {}
for f in sorted(os.listdir(d)):
    if not (f.startswith("auto-") or f.startswith("before-")): continue
    for l in open(os.path.join(d, f)):
        x = json.loads(l)
        if x.get("impl") != "txf" or "m" not in x: continue
        s = (x["m"], x["n"], x["k"]); p = x["params"]
        r = t[s] / x["median_ms"] if x.get("check") == "OK" else 0
        groups.setdefault(f, []).append(r)
        print("%-22s %5.2f %-8s %dx%dx%d ks%d  %.4f ms  cublas %.4f" % ("%dx%dx%d" % s, r, x["chosen"], p["mwg"], p["nwg"], p["kwg"], p["ksplit"], x["median_ms"], t[s]))
for f, rs in groups.items():
    print("%s: n %d median %.3f geomean %.3f min %.3f" % (f, len(rs), st.median(rs), math.exp(sum(math.log(max(r, 1e-9)) for r in rs) / len(rs)), min(rs)))
for pre in ("before-", "auto-"):
    allr = [r for f, rs in groups.items() if f.startswith(pre) and "named" not in f for r in rs]
    print("%s sweeps: n %d median %.3f geomean %.3f" % (pre, len(allr), st.median(allr), math.exp(sum(math.log(max(r, 1e-9)) for r in allr) / len(allr))))
