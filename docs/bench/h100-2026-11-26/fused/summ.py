#!/usr/bin/env python3
"""summ.py DIR: per variant (before, fused, model), the fastest time of each
shape over the rounds against cuBLAS's (torch-r*.jsonl, fastest), ratio
min / median / geometric mean per group (s41, s42, named; f8 against the
before build only), the shapes whose choice or time moved, and checks."""
import collections, glob, gzip, json, math, sys
def lines(f):
    return gzip.open(f, "rt") if f.endswith(".gz") else open(f)
D = sys.argv[1]
torch = collections.defaultdict(list)
for f in glob.glob(D + "/torch-r*.jsonl*"):
    for line in lines(f):
        x = json.loads(line)
        torch[(x["m"], x["n"], x["k"])].append(x["ms"])
torch = {k: min(v) for k, v in torch.items()}
t = collections.defaultdict(list)
ch = {}
bad = 0
for f in glob.glob(D + "/*-r*-*.jsonl*"):
    name = f.split("/")[-1].split(".jsonl")[0]
    v, _, grp = name.split("-", 2)
    if v == "torch":
        continue
    for line in lines(f):
        x = json.loads(line)
        if x.get("impl") != "txf" or "m" not in x:
            continue
        if x["check"] != "OK":
            bad += 1
            continue
        k = (grp, x["m"], x["n"], x["k"])
        t[(v,) + k].append(x["median_ms"])
        p = x["params"]
        ch[(v,) + k] = "%s %dx%d/%d L%d" % (x["chosen"][:4], p["mwg"], p["nwg"], p["ksplit"], x["launches"])
print("results not OK:", bad)
best = {k: min(v) for k, v in t.items()}
def stats(r):
    r = sorted(r)
    n = len(r)
    return "min %.2f median %.3f gmean %.3f (n %d)" % (r[0], (r[n // 2] + r[(n - 1) // 2]) / 2, math.exp(sum(map(math.log, r)) / n), n)
for grp in ("s41", "s42", "named"):
    ks = sorted({k[1:] for k in best if k[1] == grp})
    for v in ("before", "fused", "model"):
        r = [torch[k[1:]] / best[(v,) + k] for k in ks if (v,) + k in best and k[1:] in torch]
        if r:
            print(grp, v, "vs cuBLAS", stats(r))
for grp in ("s41", "s42", "named", "named-f8"):
    ks = sorted({k[1:] for k in best if k[1] == grp})
    for v in ("fused", "model"):
        r = [best[("before",) + k] / best[(v,) + k] for k in ks if (v,) + k in best and ("before",) + k in best]
        print(grp, v, "speed-up over before", stats(r))
print()
for k in sorted({k[1:] for k in best}, key=lambda k: best.get(("before",) + k, 0)):
    b, f, m = (best.get((v,) + k) for v in ("before", "fused", "model"))
    if b and m and (abs(b / m - 1) > 0.08 or ch[("before",) + k] != ch[("model",) + k]):
        print(k, "before %.4f (%s) fused %.4f (%s) model %.4f (%s) cuBLAS %s" % (b, ch[("before",) + k], f, ch[("fused",) + k], m, ch[("model",) + k], "%.4f" % torch[k[1:]] if k[1:] in torch else "-"))
