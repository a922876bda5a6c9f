# python3 summ.py: this tree ("now") against 82a37ab ("h0"), fastest of three rounds per case.
import json, collections
r = collections.defaultdict(list)
for l in open("mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x:
        continue
    r[(x["dtype"], x["strategy"], x["m"], x["n"], x["k"], x["b"])].append(x["median_ms"])
for k in sorted(set(k[:5] for k in r)):
    a, b = min(r[k + ("now",)]), min(r[k + ("h0",)])
    print("%s %-8s %5d x %5d x %5d  now %.3f ms  h0 %.3f ms  %.3f" % (*k, a, b, a / b))
