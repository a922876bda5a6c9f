#!/usr/bin/env python3
"""ab.py DIR: DIR/ab.jsonl.gz of ab.sh. Per shape, auto's ratio to the copy
of the same run for the tree before and this one (median over the rounds),
the time before over the time after, and min / median / geometric mean."""
import collections, gzip, json, math, sys
D = sys.argv[1]
rat = collections.defaultdict(list); ms = collections.defaultdict(list)
bad = 0
for l in gzip.open(D + "/ab.jsonl.gz", "rt"):
    x = json.loads(l)
    if x.get("op") != "transpose" or x["impl"] != "txf": continue
    if x["check"] != "OK": bad += 1; continue
    k = (x["dtype"], "%dx%d" % (x["rows"], x["cols"]), x["tag"])
    rat[k].append(x["ratio"]); ms[k].append(x["median_ms"])
def med(v):
    v = sorted(v); n = len(v); return (v[n // 2] + v[(n - 1) // 2]) / 2
for dt in ("f8", "c16"):
    sh = sorted(set(k[1] for k in rat if k[0] == dt), key=lambda s: eval(s.replace("x", "*")))
    b, a, sp = [], [], []
    for s in sh:
        rb, ra = med(rat[(dt, s, "before")]), med(rat[(dt, s, "nb")])
        t = med(ms[(dt, s, "before")]) / med(ms[(dt, s, "nb")])
        b.append(rb); a.append(ra); sp.append(t)
        print("%s %-12s before %.3f after %.3f  time before/after %.3f" % (dt, s, rb, ra, t))
    st = lambda r: "min %.3f median %.3f gmean %.3f (n %d)" % (min(r), med(r), math.exp(sum(map(math.log, r)) / len(r)), len(r))
    print("%s of copy before %s" % (dt, st(b))); print("%s of copy after  %s" % (dt, st(a))); print("%s time before/after %s" % (dt, st(sp)))
print("results not OK:", bad)
