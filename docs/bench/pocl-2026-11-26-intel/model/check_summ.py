#!/usr/bin/env python3
"""check_summ.py DIR: per shape the best of the rounds; ratios new/old and
each against OpenBLAS (its best over both versions' runs)."""
import glob, gzip, json, math, statistics as st, sys
d = sys.argv[1]; t = {"old": {}, "new": {}}; blas = {}
for f in glob.glob(f"{d}/*.jsonl*"):
    v = "old" if "/old-" in f else "new"
    for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
        x = json.loads(l)
        if x.get("op") != "matmul" or not x.get("median_ms"): continue
        s = (x["m"], x["n"], x["k"])
        if x["impl"] == "txf" and x["check"] == "OK": t[v][s] = min(t[v].get(s, 1e9), x["median_ms"])
        if x["impl"] == "blas": blas[s] = min(blas.get(s, 1e9), x["median_ms"])
sh = [s for s in t["new"] if s in t["old"] and s in blas]
def row(name, v):
    v = sorted(v); print("%-22s min %.2f median %.2f geomean %.2f max %.2f  (%d shapes, %d below 1)" % (name, v[0], st.median(v), math.exp(sum(map(math.log, v)) / len(v)), v[-1], len(v), sum(x < 1 for x in v)))
row("new vs old", [t["old"][s] / t["new"][s] for s in sh])
row("old vs OpenBLAS", [blas[s] / t["old"][s] for s in sh])
row("new vs OpenBLAS", [blas[s] / t["new"][s] for s in sh])
print("below OpenBLAS (new):", ", ".join("%dx%dx%d %.2f" % (s + (blas[s] / t["new"][s],)) for s in sh if blas[s] < t["new"][s]))
