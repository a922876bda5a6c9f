#!/usr/bin/env python3
"""summ.py DIR: per element type, old and new (best of the rounds per shape):
ratio to copy over the sweep (min / median / geometric mean), shapes below
OpenBLAS, and the named shapes' ratios."""
import glob, gzip, json, math, sys
d = sys.argv[1]
def load(kind, dt, v):
    best, blas = {}, {}
    for f in sorted(glob.glob(f"{d}/{kind}-{dt}-{v}-*.jsonl*")):
        copy = {}
        for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
            x = json.loads(l)
            if x.get("op") != "transpose": continue
            k = (x["rows"], x["cols"])
            if x["impl"] == "copy": copy[k] = x["median_ms"]
            if x["impl"] == "txf" and x["check"] == "OK":
                best[k] = max(best.get(k, 0), x["ratio"])
            if x["impl"] == "blas" and x.get("ratio"):
                blas[k] = max(blas.get(k, 0), x["ratio"])
    return best, blas
def gm(v): return math.exp(sum(map(math.log, v)) / len(v))
def med(v): v = sorted(v); n = len(v); return (v[n//2] + v[(n-1)//2]) / 2
for dt in ["u1", "u2", "f4", "f8"]:
    row = [dt]
    for v in ["old", "new"]:
        b, bl = load("sweep", dt, v)
        vals = list(b.values())
        below = sum(1 for k in b if k in bl and b[k] < bl[k])
        row.append(f"{v}: {min(vals):.2f} / {med(vals):.2f} / {gm(vals):.2f}" + (f", {below} below BLAS" if bl else ""))
    print(" | ".join(row))
print()
for dt in ["u1", "u2", "f4", "f8"]:
    bo, _ = load("named", dt, "old"); bn, bl = load("named", dt, "new")
    print(dt, "  ".join(f"{r}x{c}: {bo.get((r,c),0):.2f}->{bn.get((r,c),0):.2f}" + (f" (blas {bl[(r,c)]:.2f})" if (r,c) in bl else "") for (r,c) in bn))
