#!/usr/bin/env python3
"""summ.py DIR: DIR/tr.jsonl.gz (transposes: ratio to the copy in the same
run, per element type and sweep; shapes of 2^22 elements or more; skinny
and named shapes) and DIR/mm.jsonl.gz with DIR/torch.jsonl (products: time
of cuBLAS over the library's, medians of each; per sweep, m, n, k >= 1024,
a side <= 128, named). Results not OK are counted and left out."""
import collections, gzip, json, math, sys
D = sys.argv[1]
def stats(r):
    if not r:
        return "-"
    r = sorted(r)
    n = len(r)
    return "min %.2f median %.3f gmean %.3f (n %d)" % (
        r[0], (r[n // 2] + r[(n - 1) // 2]) / 2, math.exp(sum(map(math.log, r)) / n), n)
bad = 0
seed = None
groups = collections.defaultdict(list)
low = []
for line in gzip.open(D + "/tr.jsonl.gz", "rt"):
    x = json.loads(line)
    if x.get("op") == "sweep":
        seed = x["seed"]
        continue
    if x.get("op") == "summary":
        seed = None
        continue
    if x.get("impl") != "txf":
        continue
    if x["check"] != "OK":
        bad += 1
        continue
    r, c, dt = x["rows"], x["cols"], x["dtype"]
    key = "sweep %s" % seed if seed is not None else "named"
    groups[(dt, key)].append(x["ratio"])
    if r * c >= 1 << 22:
        groups[(dt, "from 2^22")].append(x["ratio"])
        if min(r, c) <= 16:
            groups[(dt, "skinny from 2^22")].append(x["ratio"])
        if x["ratio"] < 0.85:
            low.append("%s %dx%d %.2f %s" % (dt, r, c, x["ratio"], x["chosen"]))
for (dt, key), r in sorted(groups.items()):
    print("transpose %s %s: %s" % (dt, key, stats(r)))
print("transposes from 2^22 under 0.85:", "; ".join(low))
t = {}
for line in open(D + "/torch.jsonl"):
    x = json.loads(line)
    t[(x["m"], x["n"], x["k"], x["dtype"])] = x["ms"]
g = collections.defaultdict(list)
lowm = []
seed = "named"
for line in gzip.open(D + "/mm.jsonl.gz", "rt"):
    x = json.loads(line)
    if x.get("op") == "sweep":
        seed = "sweep %d" % x["seed"]
        continue
    if x.get("op") == "summary":
        seed = "named"
        continue
    if x.get("impl") != "txf":
        continue
    if x["check"] != "OK":
        bad += 1
        continue
    s = (x["m"], x["n"], x["k"], x["dtype"])
    if s not in t:
        continue
    r = t[s] / x["median_ms"]
    g[(x["dtype"], seed)].append(r)
    if min(s[:3]) >= 1024:
        g[(x["dtype"], "m, n, k >= 1024")].append(r)
        if r < 0.9:
            lowm.append("%s %dx%dx%d %.2f %s %dx%d ks%d" % (s[3], s[0], s[1], s[2], r, x["chosen"], x["params"]["mwg"], x["params"]["nwg"], x["params"]["ksplit"]))
    if min(s[:3]) <= 128:
        g[(x["dtype"], "a side <= 128")].append(r)
        if r < 0.8:
            lowm.append("%s %dx%dx%d %.2f %s %dx%d" % (s[3], s[0], s[1], s[2], r, x["chosen"], x["params"]["mwg"], x["params"]["nwg"]))
    if seed == "named":
        print("named %s %dx%dx%d %.2f (%.1f TFLOP/s)" % (s[3], s[0], s[1], s[2], r, 2e-9 * s[0] * s[1] * s[2] / x["median_ms"]))
for k, r in sorted(g.items()):
    print("matmul %s %s: %s" % (k[0], k[1], stats(r)))
print("products under target:", "; ".join(lowm))
print("results not OK:", bad)
