#!/usr/bin/env python3
"""best.py OUT.jsonl ROUND.jsonl...: each row (op, impl, dtype, strategy,
shape) of the rounds once, from its fastest round (the least median_ms);
then per file group the summary: the library's ratio to the copy
(transposes) or to OpenBLAS (products), min / median / geometric mean, and
OpenBLAS's ratio to the copy."""
import gzip, json, math, sys
best = {}
for f in sys.argv[2:]:
    for line in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
        x = json.loads(line)
        if x.get("op") not in ("transpose", "matmul"):
            continue
        shape = (x["rows"], x["cols"]) if x["op"] == "transpose" else (x["m"], x["n"], x["k"])
        key = (x["op"], x["impl"], x["dtype"], x.get("strategy"), shape)
        if x.get("check") == "n/a" or x.get("median_ms") is None:
            continue
        if x.get("check") not in (None, "OK"):
            print("not OK:", key, x.get("check"))
        if key not in best or x["median_ms"] < best[key]["median_ms"]:
            best[key] = x
with open(sys.argv[1], "w") as out:
    for x in best.values():
        out.write(json.dumps(x) + "\n")
def stats(v):
    v = sorted(v)
    return "min %.3f median %.3f geomean %.3f (%d)" % (
        v[0], (v[len(v) // 2] + v[(len(v) - 1) // 2]) / 2,
        math.exp(sum(map(math.log, v)) / len(v)), len(v))
groups = {}
for (op, impl, dt, st, shape), x in best.items():
    groups.setdefault((op, dt), {}).setdefault(shape, {})[impl] = x["median_ms"]
for (op, dt), shapes in sorted(groups.items()):
    peer = "copy" if op == "transpose" else "blas"
    lib = [s[peer] / s["txf"] for s in shapes.values() if "txf" in s and peer in s]
    line = "%s %s: library / %s %s" % (op, dt, peer, stats(lib))
    if op == "transpose":
        bl = [s["copy"] / s["blas"] for s in shapes.values() if "blas" in s and "copy" in s]
        if bl:
            line += "; blas / copy %s; library faster than blas on %d of %d" % (
                stats(bl), sum(s["blas"] > s["txf"] for s in shapes.values() if "blas" in s), len(bl))
    else:
        line += "; slower than blas on %d, of which blas takes 20 us or more: %d" % (
            sum(s["blas"] < s["txf"] for s in shapes.values() if "blas" in s and "txf" in s),
            sum(s["blas"] < s["txf"] and s["blas"] >= 0.02 for s in shapes.values() if "blas" in s and "txf" in s))
    print(line)
