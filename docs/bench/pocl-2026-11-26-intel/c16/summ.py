#!/usr/bin/env python3
"""summ.py DIR: c16 before (old) and after (new), best round per shape:
ratio to copy over the sweep (min / median / geometric mean) and the named
shapes."""
import glob, gzip, json, math, sys
d = sys.argv[1]
def load(kind, v):
    best = {}
    for f in sorted(glob.glob(f"{d}/{kind}-{v}-*.jsonl*")):
        for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
            x = json.loads(l)
            if x.get("op") == "transpose" and x["impl"] == "txf" and x["check"] == "OK":
                k = (x["rows"], x["cols"])
                best[k] = max(best.get(k, 0), x["ratio"])
    return best
def gm(v): return math.exp(sum(map(math.log, v)) / len(v))
def med(v): v = sorted(v); n = len(v); return (v[n // 2] + v[(n - 1) // 2]) / 2
for v in ["old", "new"]:
    b = list(load("sweep", v).values())
    print(f"sweep {v}: {min(b):.2f} / {med(b):.2f} / {gm(b):.2f} ({len(b)} shapes)")
bo, bn = load("named", "old"), load("named", "new")
print("  ".join(f"{r}x{c}: {bo.get((r, c), 0):.2f}->{bn[(r, c)]:.2f}" for (r, c) in bn))
