#!/usr/bin/env python3
"""summ.py DIR: per element type and shape, the fastest time over the rounds
before (old) and after (new), after / before, and the ratios to the copy
(fastest copy of the shape)."""
import collections, glob, gzip, json, math, sys
t = collections.defaultdict(list)
copy = collections.defaultdict(list)
for f in glob.glob(sys.argv[1] + "/*.jsonl*"):
    v = f.split("/")[-1].split("-")[1]
    for line in gzip.open(f, "rt") if f.endswith(".gz") else open(f):
        x = json.loads(line)
        if x.get("op") != "transpose":
            continue
        k = (x["dtype"], x["rows"], x["cols"])
        if x["impl"] == "txf" and x["check"] == "OK":
            t[k + (v,)].append(x["min_ms"])
        elif x["impl"] == "copy":
            copy[k].append(x["min_ms"])
for dt in ["u1", "u2"]:
    r = []
    for k in sorted({k[:3] for k in t if k[0] == dt}, key=lambda k: k[1] * k[2]):
        o, n, c = min(t[k + ("old",)]), min(t[k + ("new",)]), min(copy[k])
        r.append(n / o)
        print("%s %5dx%-5d %5.2f MiB  before %.3f ms (%.2f of copy)  after %.3f ms (%.2f)  after/before %.2f" % (
            dt, k[1], k[2], k[1] * k[2] * int(dt[1]) / 2**20, o, c / o, n, c / n, n / o))
    print(dt, "after/before geometric mean %.2f" % math.exp(sum(map(math.log, r)) / len(r)))
