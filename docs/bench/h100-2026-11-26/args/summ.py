# python3 summ.py: the struct argument ("now") against 8e95a88 ("h1"): per shape the fastest median
# of three rounds, and the time ratio now / h1 by set.
import json, gzip, math, statistics as st, collections, sys
D = sys.argv[1] if len(sys.argv) > 1 else "."
r = collections.defaultdict(list)
bad = 0
for l in gzip.open(D + "/mm.jsonl.gz", "rt"):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x:
        continue
    if x["check"] != "OK":
        bad += x["check"] != "n/a"
        continue
    r[(x["set"], x["m"], x["n"], x["k"], x["b"])].append(x["median_ms"])
print("results not OK:", bad)
g = lambda q: math.exp(sum(map(math.log, q)) / len(q))
for s in ["f4", "f8", "tf32", "sweep1"]:
    ks = sorted(set(k[:4] for k in r if k[0] == s))
    q = [min(r[k + ("now",)]) / min(r[k + ("h1",)]) for k in ks]
    print("%-6s %2d shapes: now/h1 median %.3f gmean %.3f min %.3f max %.3f" % (s, len(q), st.median(q), g(q), min(q), max(q)))
    if s != "sweep1":
        for k, v in zip(ks, q):
            print("   %5d x %5d x %5d  now %.4f  h1 %.4f  %.3f" % (*k[1:], min(r[k + ("now",)]), min(r[k + ("h1",)]), v))
