#!/usr/bin/env python3
"""summ4.py CALLDIR: run4.sh's products: per product the fastest median over the
rounds of the library before (old) and this tree (new), auto, what each ran,
old / new and each against cuBLAS (cuBLAS time / the library's); min, median and
geometric mean per set of products, and where the choice changed."""
import json, math, statistics as st, sys
D = sys.argv[1]
best, how = {}, {}
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["set"], x["m"], x["n"], x["k"])
    if x["median_ms"] < best.get(k, 1e9):
        best[k] = x["median_ms"]; p = x["params"] or {}
        how[k] = "%s %sx%sx%s/%s" % (x["chosen"], p.get("mwg"), p.get("nwg"), p.get("kwg"), p.get("ksplit"))
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
shapes = [k[1:] for k in best if k[0] == "old" and ("new",) + k[1:] in best and k[1:] in cu]
def report(name, sel):
    s = [x for x in shapes if sel(x)]
    if not s: return
    on = [best[("old",) + x] / best[("new",) + x] for x in s]
    o = [cu[x] / best[("old",) + x] for x in s]; n = [cu[x] / best[("new",) + x] for x in s]
    ch = [x for x in s if how[("old",) + x] != how[("new",) + x]]
    cq = [best[("old",) + x] / best[("new",) + x] for x in ch]
    print("%-28s %2d products: of cuBLAS old min %.2f median %.2f geomean %.3f | new min %.2f median %.2f geomean %.3f | old/new geomean %.3f; choice changed on %d: old/new %s" % (
        name, len(s), min(o), st.median(o), gm(o), min(n), st.median(n), gm(n), gm(on), len(ch),
        "geomean %.3f (%.2f-%.2f)" % (gm(cq), min(cq), max(cq)) if cq else "-"))
report("all", lambda x: True)
report("blocks do not divide (128)", lambda x: x[0] % 128 or x[1] % 128)
report("m, n, k >= 1024", lambda x: min(x) >= 1024)
for x in sorted(shapes, key=lambda x: x[0] * x[1] * x[2]):
    o, n = best[("old",) + x], best[("new",) + x]
    print("%-16s old %7.1f us %-26s new %7.1f us %-26s old/new %.2f  of cuBLAS %.2f -> %.2f%s" % (
        "x".join(map(str, x)), o * 1e3, how[("old",) + x], n * 1e3, how[("new",) + x], o / n,
        cu[x] / o, cu[x] / n, "" if how[("old",) + x] == how[("new",) + x] else "  *"))
