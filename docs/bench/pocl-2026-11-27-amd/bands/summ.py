#!/usr/bin/env python3
"""summ.py DIR: compare.sh's results. Per shape and type, each implementation's
fastest median over the rounds; the ratio OpenBLAS time / library time (above 1:
the library is faster) for the kernels before (old) and this tree's (new), with
min, median and geometric mean per set of shapes and the shapes where the new
kernels are below OpenBLAS; then old time / new time per set of shapes and on
the products with a small K under a large C."""
import glob, json, math, statistics as st, sys
D = sys.argv[1]
t = {}
for f in glob.glob(f"{D}/*-r*.jsonl"):
    who = f.split("/")[-1].split("-")[0]
    for l in open(f):
        x = json.loads(l)
        if x.get("op") != "matmul" or x.get("check") != "OK": continue
        impl = "blas" if x["impl"] == "blas" else who
        key = (x["dtype"], x["m"], x["n"], x["k"])
        t.setdefault(key, {}).setdefault(impl, []).append(x["median_ms"])
rows = []
for key, v in t.items():
    if not all(i in v for i in ("blas", "old", "new")): continue
    b, o, n = min(v["blas"]), min(v["old"]), min(v["new"])
    rows.append((key, b / o, b / n, b, n))
def gm(x): return math.exp(sum(math.log(y) for y in x) / len(x))
for dt in ("f4", "f8"):
    for name, sel in (("all", lambda k: True), ("min side <= 32", lambda k: min(k[1:]) <= 32),
                      ("min side > 32", lambda k: min(k[1:]) > 32),
                      ("OpenBLAS >= 20 us", None), ("K <= 64, C >= 1 MiB", lambda k: k[3] <= 64 and k[1] * k[2] >= 2**18)):
        r = [x for x in rows if x[0][0] == dt and (sel(x[0]) if sel else x[3] >= 0.02)]
        if not r: continue
        o = [x[1] for x in r]; n = [x[2] for x in r]
        print("%s %-18s %3d shapes: old min %.2f median %.2f geomean %.2f below 1: %2d | new min %.2f median %.2f geomean %.2f below 1: %2d" % (
            dt, name, len(r), min(o), st.median(o), gm(o), sum(x < 1 for x in o), min(n), st.median(n), gm(n), sum(x < 1 for x in n)))
    print("%s below OpenBLAS (new), OpenBLAS >= 5 us:" % dt)
    for x in sorted((x for x in rows if x[0][0] == dt and x[2] < 1 and x[3] >= 0.005), key=lambda x: x[2]):
        print("   %6.2f (old %.2f) %s  blas %.3f ms  new %.3f ms" % (x[2], x[1], "x".join(map(str, x[0][1:])), x[3], x[4]))

for dt in ("f4", "f8"):
    for name, sel in (("all", lambda k: True), ("K <= 64, C >= 1 MiB", lambda k: k[3] <= 64 and k[1] * k[2] >= 2**18),
                      ("K > 64 or C < 1 MiB", lambda k: not (k[3] <= 64 and k[1] * k[2] >= 2**18))):
        r = [x for x in rows if x[0][0] == dt and sel(x[0])]
        if not r: continue
        q = sorted(x[2] / x[1] for x in r)
        print("%s old/new %-20s %3d shapes: min %.2f median %.2f geomean %.2f max %.2f" % (dt, name, len(r), q[0], st.median(q), gm(q), q[-1]))
    big = sorted((x for x in rows if x[0][0] == dt and x[0][3] <= 64 and x[0][1] * x[0][2] >= 2**18), key=lambda x: x[0][1] * x[0][2])
    for x in big:
        print("   %-16s C %6.1f MiB  old/new %.2f  of OpenBLAS old %.2f new %.2f" % ("x".join(map(str, x[0][1:])), x[0][1] * x[0][2] * (4 if dt == "f4" else 8) / 2**20, x[2] / x[1], x[1], x[2]))
