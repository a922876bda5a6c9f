#!/usr/bin/env python3
"""summ.py out.jsonl: per shape and type, the median over rounds of each
tree's time (auto, padcopy, pad) and of OpenBLAS's; speed-ups new / old and
the ratio to OpenBLAS (its time over the library's)."""
import collections, json, math, statistics, sys
t = collections.defaultdict(list)
chosen = {}
for line in open(sys.argv[1]):
    x = json.loads(line)
    if x.get("op") != "matmul" or x.get("check") not in ("OK", None):
        continue
    shape = "%dx%dx%d" % (x["m"], x["n"], x["k"])
    key = (x["dtype"], shape)
    who = "blas" if x["impl"] == "blas" else "%s-%s" % (x["tree"], x["strategy"])
    t[key + (who,)].append(x["median_ms"])
    if who == "new-auto":
        chosen[key] = x["chosen"]
med = {k: statistics.median(v) for k, v in t.items()}
keys = sorted({k[:2] for k in med}, key=lambda k: (k[0], [int(v) for v in k[1].split("x")]))
gm = collections.defaultdict(list)
print("type shape            old auto  new auto (chosen)  new/old  of BLAS old->new   padcopy old->new  pad new")
for dt, sh in keys:
    g = lambda w: med.get((dt, sh, w), float("nan"))
    oa, na, b = g("old-auto"), g("new-auto"), g("blas")
    op, np_, pd = g("old-padcopy"), g("new-padcopy"), g("new-pad")
    print("%s %-16s %8.3f %8.3f (%s)  %6.3f  %5.2f -> %5.2f   %8.3f -> %8.3f  %8.3f" %
          (dt, sh, oa, na, chosen.get((dt, sh), "?"), oa / na, b / oa, b / na, op, np_, pd))
    gm[dt].append(oa / na)
    gm[dt + " padcopy"].append(op / np_)
    gm[dt + " blas old"].append(b / oa)
    gm[dt + " blas new"].append(b / na)
for k, v in sorted(gm.items()):
    print("%s: geometric mean %.3f (min %.3f max %.3f, n %d)" %
          (k, math.exp(sum(map(math.log, v)) / len(v)), min(v), max(v), len(v)))
