#!/usr/bin/env python3
"""summ.py CALLDIR: per product, the fastest median over the rounds of auto and
of each forced set (pad-X, pc-X: pad or padcopy with set X), each against cuBLAS
(cuBLAS time / the library's); what auto ran; the best set per product and how
far auto is from it; min / median / geometric mean per run."""
import json, math, statistics as st, sys
D = sys.argv[1]
best, how = {}, {}
for l in open(f"{D}/mm.jsonl"):
    if not l.startswith("{"): continue
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; p = x["params"] or {}
        how[k] = "%s %sx%sx%s ks%s" % (x["chosen"], p.get("mwg"), p.get("nwg"), p.get("kwg"), p.get("ksplit"))
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
sets = sorted({k[0] for k in best})
shapes = sorted({k[1:] for k in best if k[0] == "auto"}, key=lambda s: s[0] * s[1] * s[2])
def gm(v): return math.exp(sum(map(math.log, v)) / len(v))
print("%-18s %8s %-24s " % ("product", "cuBLAS", "auto ran") + " ".join("%7s" % s for s in sets) + "  best  auto/best")
gap = []
for s in shapes:
    if s not in cu: continue
    r = {t: cu[s] / best[(t,) + s] for t in sets if (t,) + s in best}
    b = max(r, key=r.get)
    gap.append(r["auto"] / r[b])
    print("%-18s %8.4f %-24s " % ("x".join(map(str, s)), cu[s], how[("auto",) + s]) +
          " ".join("%7.2f" % r[t] if t in r else "      -" for t in sets) + "  %-6s %.2f" % (b, r["auto"] / r[b]))
for t in sets:
    v = [cu[s] / best[(t,) + s] for s in shapes if (t,) + s in best and s in cu]
    print("%-7s of cuBLAS: min %.2f median %.2f geomean %.3f over %d" % (t, min(v), st.median(v), gm(v), len(v)))
print("auto / best set: min %.2f median %.2f geomean %.3f" % (min(gap), st.median(gap), gm(gap)))
