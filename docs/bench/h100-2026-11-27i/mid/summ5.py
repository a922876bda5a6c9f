#!/usr/bin/env python3
"""summ5.py CALLDIR: run5.sh's products: per product and run (padcopy L, padcopy
A, pad A, auto), the fastest median over the rounds with this tree's kernels
(cur) and with interior blocks stored unchecked in matmul_clip (clip3) or in
matmul_clip and matmul_pad (both3), in microseconds; cur / variant; geometric
means per run."""
import json, math, sys
D = sys.argv[1]
best, order = {}, []
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    sh = (x["m"], x["n"], x["k"]); k = (x["set"],) + sh
    if sh not in order: order.append(sh)
    best[k] = min(best.get(k, 1e12), x["median_ms"] * 1e3)
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"] * 1e3
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for run in ("pc-L", "pc-A", "pad-A", "auto"):
    print("%s: product, cuBLAS us, cur / clip3 / both3 us, cur over clip3 and both3" % run)
    r3, rb = [], []
    for sh in order:
        t = [best.get((v + "/" + run,) + sh) for v in ("cur", "clip3", "both3")]
        if None in t: continue
        r3.append(t[0] / t[1]); rb.append(t[0] / t[2])
        print("  %-16s %7.1f  %7.1f %7.1f %7.1f  %.2f %.2f" % ("x".join(map(str, sh)), cu.get(sh, 0), *t, t[0] / t[1], t[0] / t[2]))
    print("  geomean cur/clip3 %.3f (%.2f-%.2f), cur/both3 %.3f (%.2f-%.2f)" % (gm(r3), min(r3), max(r3), gm(rb), min(rb), max(rb)))
