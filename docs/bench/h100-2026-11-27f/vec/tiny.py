#!/usr/bin/env python3
"""tiny.py CALLDIR: call2 of run2.sh. Per shape and type: auto's and the
forced reduction kernel's fastest median over the rounds, what auto ran, and
each against cuBLAS (cuBLAS time / library time), sorted by K."""
import json, sys, glob
D = sys.argv[1]
best, how = {}, {}
for f in (f"{D}/auto.jsonl", f"{D}/dot.jsonl"):
    for l in open(f):
        if not l.startswith("{"): continue
        x = json.loads(l)
        if x.get("impl") != "txf" or x.get("check") != "OK": continue
        k = (x["set"], x["dtype"], x["m"], x["n"], x["k"])
        if x["median_ms"] < best.get(k, 1e9):
            best[k] = x["median_ms"]; how[k] = x["chosen"]
cu = {}
for f in glob.glob(f"{D}/torch-*.jsonl"):
    for l in open(f):
        x = json.loads(l); k = (x["dtype"], x["m"], x["n"], x["k"]); cu[k] = min(cu.get(k, 1e9), x["ms"])
for dt in ("f4", "f8"):
    ks = sorted({k[1:] for k in best if k[1] == dt}, key=lambda k: (k[3], k[1] * k[2]))
    for k in ks:
        a, d = best.get(("auto",) + k), best.get(("dot",) + k)
        if a is None or d is None: continue
        c = cu[k]
        print("%s %-12s %-8s auto %.4f ms dot %.4f ms  auto/dot %.2f  of cuBLAS: auto %.2f dot %.2f" % (
            dt, "x".join(map(str, k[1:])), how[("auto",) + k], a, d, a / d, c / a, c / d))
