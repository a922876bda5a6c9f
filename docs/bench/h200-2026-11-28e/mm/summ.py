"""summ.py: auto against cuBLAS (PyTorch, TF32 off) and against the fastest forced set per
product of this call (cal.jsonl.gz, torch.jsonl beside it)."""
import collections, gzip, json, math, os
H = os.path.dirname(os.path.abspath(__file__))
t = {}
for l in open(H + "/torch.jsonl"):
    x = json.loads(l)
    t[(x["m"], x["n"], x["k"])] = x["ms"]
best = collections.defaultdict(lambda: (1e99, "")); auto = {}
for l in gzip.open(H + "/cal.jsonl.gz", "rt"):
    x = json.loads(l)
    if "m" not in x:
        continue
    s = (x["m"], x["n"], x["k"])
    if x["tag"] == "auto":
        auto[s] = (x["median_ms"], x["chosen"], x["params"]["mwg"], x["params"]["nwg"], x["params"]["ksplit"])
    elif x["median_ms"] < best[s][0]:
        best[s] = (x["median_ms"], x["tag"])
rs, rb, reg = [], [], []
for s in sorted(auto, key=lambda s: s[0] * s[1] * s[2]):
    a = auto[s]; b = min(best[s][0], a[0])
    rs.append(t[s] / a[0]); rb.append(t[s] / b); reg.append(a[0] / b)
    print("%5dx%5dx%5d auto %.3f ms %-7s %dx%d ks%d  cuBLAS %.3f  of cuBLAS %.2f  fastest set %.2f (%s)"
          % (s + a + (t[s], rs[-1], rb[-1], best[s][1])))
med = lambda v: sorted(v)[len(v) // 2]
print("of cuBLAS: auto median %.3f, min %.3f, under 0.9 on %d of %d; the fastest forced set median %.3f, under 0.9 on %d"
      % (med(rs), min(rs), sum(r < 0.9 for r in rs), len(rs), med(rb), sum(r < 0.9 for r in rb)))
print("auto over the fastest forced time: geometric mean %.3f, max %.3f, more than 1.03 on %d"
      % (math.exp(sum(map(math.log, reg)) / len(reg)), max(reg), sum(r > 1.03 for r in reg)))
