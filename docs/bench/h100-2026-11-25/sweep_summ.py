import json, sys, glob, os, math, statistics
out = sys.argv[1]
def load(p):
    r = []
    if os.path.exists(p):
        for l in open(p):
            try: r.append(json.loads(l))
            except Exception: pass
    return r
for f in sorted(glob.glob(out + "/sw-tr-*.jsonl")):
    for x in load(f):
        if x.get("op") == "summary": print("summary", x["dtype"], x["impl"], x["strategy"], x["metric"], "n", x["count"], "min %.3f median %.3f geomean %.3f max %.3f" % (x["min"], x["median"], x["geomean"], x["max"]))
    rows = [x for x in load(f) if x.get("impl") == "txf" and x.get("ratio")]
    rows.sort(key=lambda x: x["ratio"])
    for x in rows[:4]: print("  worst", x["dtype"], "%dx%d" % (x["rows"], x["cols"]), x["chosen"], {k: v for k, v in (x.get("params") or {}).items() if v}, "%.3f" % x["ratio"])
    big = [x["ratio"] for x in rows if x["rows"] * x["cols"] >= 1 << 22]
    if big: print("  >=2^22 elements: n %d min %.3f median %.3f" % (len(big), min(big), statistics.median(big)))
for x in load(out + "/packed.jsonl"):
    if x.get("impl") == "txf": print("packed", x["dtype"], "%dx%d" % (x["rows"], x["cols"]), {k: v for k, v in (x.get("params") or {}).items() if v}, "%.3f" % x["ratio"])
mm = {(x["m"], x["n"], x["k"]): x["gflops"] for x in load(out + "/sw-mm.jsonl") if x.get("impl") == "txf" and x.get("gflops")}
tc = {(x["m"], x["n"], x["k"]): x["gflops"] for x in load(out + "/sw-torch.jsonl")}
rat = []
for s in mm:
    if s in tc:
        r = mm[s] / tc[s]; rat.append((r, s))
rat.sort()
if rat:
    v = [r for r, _ in rat]
    print("matmul vs cuBLAS: n %d min %.3f median %.3f geomean %.3f max %.3f" % (len(v), min(v), statistics.median(v), math.exp(sum(map(math.log, v)) / len(v)), max(v)))
    for r, s in rat: print("  mm %dx%dx%d txf %.0f cublas %.0f ratio %.3f" % (s[0], s[1], s[2], mm[s], tc[s], r))
