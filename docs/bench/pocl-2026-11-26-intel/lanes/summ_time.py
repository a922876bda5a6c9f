#!/usr/bin/env python3
"""summ_time.py DIR: per element type, the fastest time of each shape over
the rounds, before (old) and after (new), split into the shapes whose tiles
the lane network takes (outputs of 512 KiB or more; 1-byte ones only where
the output rows start off a line, from 16 MiB) and the others: min / median
/ geometric mean of after / before, and the ratio to the copy (fastest copy
of the shape over all rounds) of each."""
import collections, glob, gzip, json, math, sys
d = sys.argv[1]
t = collections.defaultdict(list)
copy = collections.defaultdict(list)
for f in glob.glob(d + "/*.jsonl*"):
    v = f.split("/")[-1].split("-")[2]
    for line in gzip.open(f, "rt") if f.endswith(".gz") else open(f):
        x = json.loads(line)
        if x.get("op") != "transpose":
            continue
        k = (x["dtype"], x["rows"], x["cols"])
        if x["impl"] == "txf" and x["check"] == "OK":
            t[k + (v,)].append(x["min_ms"])
        if x["impl"] == "copy":
            copy[k].append(x["min_ms"])
def lanes(dt, rows, cols):
    e = int(dt[1:])
    out = rows * cols * e
    if e >= 2:
        return out >= 512 << 10
    return out >= 16 << 20 and (rows * e) % 64 != 0
def gm(v): return math.exp(sum(map(math.log, v)) / len(v))
def med(v): v = sorted(v); n = len(v); return (v[n // 2] + v[(n - 1) // 2]) / 2
for dt in ["u1", "u2", "f4", "f8"]:
    for take in (True, False):
        ks = [k[:3] for k in t if k[0] == dt and k[3] == "new" and lanes(*k[:3]) == take
              and k[:3] + ("old",) in t]
        if not ks:
            continue
        r = [min(t[k + ("new",)]) / min(t[k + ("old",)]) for k in ks]
        co = [min(copy[k]) / min(t[k + ("old",)]) for k in ks]
        cn = [min(copy[k]) / min(t[k + ("new",)]) for k in ks]
        print("%s %-12s n %2d  after/before %.2f / %.2f / %.2f   vs copy before %.2f / %.2f / %.2f"
              "  after %.2f / %.2f / %.2f" % (dt, "lanes" if take else "unchanged", len(ks),
              min(r), med(r), gm(r), min(co), med(co), gm(co), min(cn), med(cn), gm(cn)))
