# Table of the tf32/3xtf32 run: GFLOP/s per shape and configuration, cuBLAS beside.
import json, sys, os, collections
out = sys.argv[1]
rows = collections.defaultdict(dict)
def load(f, tag=None):
    if not os.path.exists(f): return
    for l in open(f):
        try: x = json.loads(l)
        except Exception: continue
        if "m" not in x: continue
        s = "%dx%dx%d" % (x["m"], x["n"], x["k"])
        if "mode" in x: rows[s]["cu-" + x["mode"]] = x["gflops"]; continue
        if x.get("impl") != "txf": continue
        t = tag or x.get("cfg", "?")
        v = x["gflops"] if x.get("check") == "OK" else x.get("check", "?")
        rows[s][t] = v
for f in sorted(os.listdir(out)):
    if f.endswith(".jsonl"): load(os.path.join(out, f), None if f.startswith("cfg") or f.startswith("torch") else f[:-6])
cols = sorted({c for r in rows.values() for c in r})
print("shape".ljust(18) + "".join(c[:10].rjust(11) for c in cols))
for s, r in rows.items():
    print(s.ljust(18) + "".join((("%.1f" % (r[c] / 1000)) if isinstance(r.get(c), (int, float)) else str(r.get(c, "-"))[:10]).rjust(11) for c in cols))
