#!/usr/bin/env python3
"""summ.py DIR: ratio to the copy (transposes, per element type: the sweep's
min / median / geometric mean, shapes of 2^22 elements or more, and each
named shape) and to cuBLAS (products: the sweep, m, n, k >= 1024, and each
named shape). Results not OK are counted and left out."""
import collections, glob, gzip, json, math, sys
D = sys.argv[1]
def lines(f):
    return gzip.open(f, "rt") if f.endswith(".gz") else open(f)
def stats(r):
    if not r:
        return "-"
    r = sorted(r)
    n = len(r)
    return "min %.2f median %.3f gmean %.3f (n %d)" % (
        r[0], (r[n // 2] + r[(n - 1) // 2]) / 2, math.exp(sum(map(math.log, r)) / n), n)
bad = 0
for dt in ["f4", "u1", "u2", "f8", "c16"]:
    for kind in ["sw", "named"]:
        fs = glob.glob("%s/%s-tr-%s.jsonl*" % (D, kind, dt))
        if not fs:
            continue
        r = []
        for line in lines(fs[0]):
            x = json.loads(line)
            if x.get("impl") != "txf" or "rows" not in x:
                continue
            if x["check"] != "OK":
                bad += 1
                continue
            r.append((x["rows"], x["cols"], x["ratio"], x["chosen"]))
        if kind == "sw":
            print("transpose %s sweep: %s; from 2^22 elements: %s" % (
                dt, stats([q[2] for q in r]), stats([q[2] for q in r if q[0] * q[1] >= 1 << 22])))
        else:
            print("transpose %s named: %s" % (dt, "  ".join("%dx%d %.2f" % q[:3] for q in r)))
torch = {}
for line in lines(glob.glob(D + "/torch.jsonl*")[0]):
    x = json.loads(line)
    torch[(x["m"], x["n"], x["k"])] = x["ms"]
for kind in ["sw", "named"]:
    r = []
    for line in lines(glob.glob("%s/%s-mm.jsonl*" % (D, kind))[0]):
        x = json.loads(line)
        if x.get("impl") != "txf" or "m" not in x:
            continue
        if x["check"] != "OK":
            bad += 1
            continue
        s = (x["m"], x["n"], x["k"])
        if s in torch:
            r.append(s + (torch[s] / x["median_ms"], x["gflops"] / 1e3))
    if kind == "sw":
        print("sgemm sweep vs cuBLAS: %s; m, n, k >= 1024: %s; one side <= 128: %s" % (
            stats([q[3] for q in r]), stats([q[3] for q in r if min(q[:3]) >= 1024]),
            stats([q[3] for q in r if min(q[:3]) <= 128])))
    else:
        print("sgemm named: " + "  ".join("%dx%dx%d %.2f (%.1f TFLOP/s)" % q for q in r))
print("results not OK:", bad)
