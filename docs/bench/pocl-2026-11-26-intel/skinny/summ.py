#!/usr/bin/env python3
"""summ.py DIR: per element type, before (old) and after (new), best of the
rounds per shape: ratio to copy over the 30 shapes with a short side of 2
to 16 (min / median / geometric mean, how many below 0.5), how many are
below OpenBLAS's ?omatcopy (f4, f8), and the named shapes."""
import glob, gzip, json, math, sys
d = sys.argv[1]
NAMED = [(3, 300000), (300000, 3), (8, 100000), (100000, 8), (16, 65536), (65536, 16),
         (20, 4045), (4045, 20)]
def load(dt, v):
    """The library's best ratio per shape in variant v's files, and
    OpenBLAS's best over the files of both variants."""
    best, blas = {}, {}
    for f in sorted(glob.glob(f"{d}/{dt}-*-*.jsonl*")):
        mine = f"/{dt}-{v}-" in f
        for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
            x = json.loads(l)
            if x.get("op") != "transpose":
                continue
            k = (x["rows"], x["cols"])
            if x["impl"] == "txf" and x["check"] == "OK" and mine:
                best[k] = max(best.get(k, 0), x["ratio"])
            if x["impl"] == "blas" and x.get("ratio"):
                blas[k] = max(blas.get(k, 0), x["ratio"])
    return best, blas
def gm(v): return math.exp(sum(map(math.log, v)) / len(v))
def med(v): v = sorted(v); n = len(v); return (v[n // 2] + v[(n - 1) // 2]) / 2
print("type | before: min / median / gmean (below 0.5) | after | after / before: min / median | below BLAS before -> after")
for dt in ["u1", "u2", "f4", "f8"]:
    bo, bl = load(dt, "old"); bn, _ = load(dt, "new")
    keys = [k for k in bn if k not in NAMED and min(k) <= 16 and k in bo]
    row = [dt]
    for b in (bo, bn):
        v = [b[k] for k in keys]
        row.append(f"{min(v):.2f} / {med(v):.2f} / {gm(v):.2f} ({sum(x < 0.5 for x in v)})")
    r = [bn[k] / bo[k] for k in keys]
    row.append(f"{min(r):.2f} / {med(r):.2f}")
    if bl:
        row.append(f"{sum(bo[k] < bl[k] for k in keys if k in bl)} -> {sum(bn[k] < bl[k] for k in keys if k in bl)} of {len(keys)}")
    print(" | ".join(row))
print()
for dt in ["u1", "u2", "f4", "f8"]:
    bo, bl = load(dt, "old"); bn, _ = load(dt, "new")
    print(dt, "  ".join(f"{r}x{c}: {bo.get((r, c), 0):.2f}->{bn.get((r, c), 0):.2f}"
                        + (f" (blas {bl[(r, c)]:.2f})" if (r, c) in bl else "") for (r, c) in NAMED))
print()
print("per shape, after / before:")
for dt in ["u1", "u2", "f4", "f8"]:
    bo, _ = load(dt, "old"); bn, _ = load(dt, "new")
    ks = sorted((k for k in bn if k not in NAMED and k in bo), key=lambda k: (k[0] > k[1], min(k)))
    print(dt, " ".join(f"{min(k)}{'r' if k[0] < k[1] else 'c'}:{bn[k] / bo[k]:.2f}" for k in ks))
