import json, sys, os, statistics as st
d = sys.argv[1]
t = {}
for l in open(os.path.join(d, "torch.jsonl")):
    x = json.loads(l); t[(x["m"], x["n"], x["k"])] = x["ms"]
def load(f):
    r = {}
    if not os.path.exists(f): return r
    for l in open(f):
        x = json.loads(l)
        if x.get("impl") != "txf" or "m" not in x or x.get("check") != "OK": continue
        r[(x.get("cfg", "auto"), x.get("ks", 0), x["m"], x["n"], x["k"])] = x["median_ms"]
    return r
auto = {}
for f in ("auto-s1.jsonl", "auto-s2.jsonl", "auto-named.jsonl"):
    auto.update(load(os.path.join(d, f)))
cfg = load(os.path.join(d, "cfg.jsonl"))
shapes = sorted({k[2:] for k in auto})
keys = sorted({k[:2] for k in cfg})
print("shape cublas_ms auto/cublas best_cfg best/cublas | " + " ".join("%s%d" % k for k in keys))
ra, rb = [], []
for s in shapes:
    if s not in t: continue
    a = auto.get(("auto", 0) + s)
    row = {k: cfg.get(k + s) for k in keys}
    best = min((v, k) for k, v in row.items() if v) if any(row.values()) else (None, None)
    ra.append(t[s] / a if a else 0); rb.append(t[s] / best[0] if best[0] else 0)
    print("%dx%dx%d %.4f %.2f %s%s %.2f | %s" % (s + (t[s], t[s] / a if a else 0, best[1][0] if best[1] else "-", best[1][1] if best[1] else "", t[s] / best[0] if best[0] else 0,
          " ".join("%.2f" % (t[s] / v) if v else "-" for v in row.values()))))
print("median auto/cublas %.3f  best/cublas %.3f" % (st.median(ra), st.median(rb)))
