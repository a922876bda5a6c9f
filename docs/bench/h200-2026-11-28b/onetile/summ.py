#!/usr/bin/env python3
"""summ.py DIR: DIR/ab.jsonl.gz of ab.sh. Per group (each sweep, named),
auto's ratio to the copy of the same run for the tree before and this one
(median over the rounds per shape, then min / median / geometric mean over
the shapes), the time before over the time after per shape, and the
chunked kernel variants (tags v-*)."""
import collections, gzip, json, math, sys
D = sys.argv[1]
rat = collections.defaultdict(list)   # (group, shape, tag) -> ratios
ms = collections.defaultdict(list)
group = "named"
bad = 0
for l in gzip.open(D + "/ab.jsonl.gz", "rt"):
    x = json.loads(l)
    if x.get("op") == "sweep":
        group = "seed %d" % x["seed"]
        continue
    if x.get("op") == "summary":
        group = "named"
        continue
    if x.get("op") != "transpose" or x["impl"] != "txf":
        continue
    if x["check"] != "OK":
        bad += 1
        continue
    g = group if not x["tag"].startswith("v-") else x["dtype"]
    k = (g, "%dx%d" % (x["rows"], x["cols"]), x["tag"] + ("" if x["strategy"] in ("auto", "pad") else "/" + x["strategy"]))
    rat[k].append(x["ratio"])
    ms[k].append(x["median_ms"])
def med(v):
    v = sorted(v); n = len(v); return (v[n // 2] + v[(n - 1) // 2]) / 2
def stats(r):
    r = sorted(r); n = len(r)
    return "min %.3f median %.3f gmean %.3f (n %d)" % (r[0], med(r), math.exp(sum(map(math.log, r)) / n), n)
groups = sorted(set(k[0] for k in rat))
for g in groups:
    shapes = sorted(set(k[1] for k in rat if k[0] == g))
    tags = sorted(set(k[2] for k in rat if k[0] == g))
    if "before" in tags:
        b = [med(rat[(g, s, "before")]) for s in shapes if (g, s, "before") in rat and (g, s, "nb") in rat]
        a = [med(rat[(g, s, "nb")]) for s in shapes if (g, s, "before") in rat and (g, s, "nb") in rat]
        sp = [med(ms[(g, s, "before")]) / med(ms[(g, s, "nb")]) for s in shapes if (g, s, "before") in rat and (g, s, "nb") in rat]
        big = [(med(rat[(g, s, "before")]), med(rat[(g, s, "nb")])) for s in shapes if (g, s, "nb") in rat and (g, s, "before") in rat and eval(s.replace("x", "*")) >= 1 << 22]
        print("%s: of copy before %s" % (g, stats(b)))
        print("%s: of copy after  %s" % (g, stats(a)))
        if big:
            print("%s: from 2^22 elements before %s" % (g, stats([x for x, _ in big])))
            print("%s: from 2^22 elements after  %s" % (g, stats([y for _, y in big])))
        print("%s: time before / after %s" % (g, stats(sp)))
        if g == "named":
            for s in shapes:
                if (g, s, "nb") in rat:
                    print("   %s before %.3f after %.3f" % (s, med(rat[(g, s, "before")]), med(rat[(g, s, "nb")])))
    else:
        for s in shapes:
            print("%s %s: %s" % (g, s, " ".join("%s %.3f" % (t, med(rat[(g, s, t)])) for t in tags if (g, s, t) in rat)))
print("results not OK:", bad)
