"""summ.py: auto against cuBLAS (PyTorch, TF32 off) and against the fastest forced set per
product of this call."""
import json, collections, os
H = os.path.dirname(os.path.abspath(__file__))
t = {}
for l in open(H + "/torch.jsonl"):
    x = json.loads(l); t[(x["m"], x["n"], x["k"])] = x["ms"]
best = collections.defaultdict(lambda: 1e99); auto = {}
for l in open(H + "/cal.jsonl"):
    x = json.loads(l); s = (x["m"], x["n"], x["k"])
    if x["tag"] == "auto": auto[s] = (x["median_ms"], x["chosen"], x["params"]["mwg"], x["params"]["nwg"], x["params"].get("ksplit"))
    else: best[s] = min(best[s], x["median_ms"])
rs = []; rb = []; reg = []
for s in sorted(auto, key=lambda s: s[0] * s[1] * s[2]):
    a = auto[s]; r = t[s] / a[0]; rs.append(r); rb.append(t[s] / min(best[s], a[0])); reg.append(a[0] / min(best[s], a[0]))
    print("%5dx%5dx%5d auto %.3f ms %-7s %dx%d ks%s  cuBLAS %.3f  of cuBLAS %.2f  fastest set %.2f" % (s + (a[0], a[1], a[2], a[3], a[4], t[s], r, rb[-1])))
for v in (rs, rb): v.sort()
print("of cuBLAS: auto median %.3f, min %.3f, under 0.9 on %d of %d; the fastest forced set median %.3f" % (rs[len(rs) // 2], rs[0], sum(r < 0.9 for r in rs), len(rs), rb[len(rb) // 2]))
print("auto over the fastest forced time: max %.3f" % max(reg))
