# Sets "before" (dot=1) and "auto" of a txf bench JSON file against cuBLAS:
# per type, the shapes auto ran the reduction kernel on (params.dot > 1),
# time before over after and ratios to cuBLAS; the others' time ratio.
import json, statistics, collections, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
tor = {}
for l in open(sys.argv[2]):
    x = json.loads(l); tor[(x["m"], x["n"], x["k"], x["dtype"])] = x["ms"]
best = collections.defaultdict(lambda: 1e9); took = {}
for x in rows:
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    k = (x["m"], x["n"], x["k"], x["dtype"])
    best[(x["set"], k)] = min(best[(x["set"], k)], x["median_ms"])
    if x["set"] == "auto": took[k] = x["params"].get("dot", 1) > 1
for dt in ("f4", "f8"):
    ks = [k for k in took if k[3] == dt and took[k]]
    if not ks: continue
    sp = sorted((best[("before", k)] / best[("auto", k)], k) for k in ks)
    va = sorted((tor[k] / best[("auto", k)], k) for k in ks)
    vb = sorted((tor[k] / best[("before", k)], k) for k in ks)
    print(dt, len(ks), "shapes taken of", len([k for k in took if k[3] == dt]))
    print("  time before / after: min %.2f %s, median %.2f, max %.2f" % (sp[0][0], sp[0][1][:3], statistics.median([a for a, _ in sp]), sp[-1][0]))
    print("  of cuBLAS: before min %.2f median %.2f; after min %.2f median %.2f" % (vb[0][0], statistics.median([a for a, _ in vb]), va[0][0], statistics.median([a for a, _ in va])))
    print("  after under 0.8 of cuBLAS:", ", ".join("%dx%dx%d %.2f" % (k[0], k[1], k[2], a) for a, k in va if a < 0.8))
    print("  slower than before:", ", ".join("%dx%dx%d %.2f" % (k[0], k[1], k[2], a) for a, k in sp if a < 1))
    nt = [k for k in took if k[3] == dt and not took[k]]
    r = sorted(best[("before", k)] / best[("auto", k)] for k in nt)
    if r: print("  not taken (%d): time before / after min %.2f median %.2f max %.2f" % (len(r), r[0], statistics.median(r), r[-1]))
