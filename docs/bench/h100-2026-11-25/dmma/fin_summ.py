import json, sys, os, math, statistics as st
o = sys.argv[1]
def load(f):
    p = os.path.join(o, f)
    return [json.loads(l) for l in open(p)] if os.path.exists(p) else []
torch = {(x["m"], x["n"], x["k"]): x["gflops"] for x in load("dg-torch.jsonl")}
def rows(f):
    return {(x["m"], x["n"], x["k"]): x for x in load(f) if x.get("impl") == "txf" and "m" in x}
for part in ("named", "s1", "s2"):
    a, b = rows("dg-auto-%s.jsonl" % part), rows("dg-mma1-%s.jsonl" % part)
    ra, rb = [], []
    print("== dgemm", part)
    for s in a:
        t = torch.get(s); ga = a[s].get("gflops"); gb = b.get(s, {}).get("gflops")
        if part == "named":
            print("%-18s cuBLAS %7.0f  auto %7.0f (%s %s) %5.2f  mma1 %7.0f %5.2f" % ("%dx%dx%d" % s, t or 0, ga or 0, a[s].get("check"), a[s].get("params", {}).get("mma"), (ga or 0) / t if t else 0, gb or 0, (gb or 0) / t if t else 0))
        if t and ga and gb: ra.append(ga / t); rb.append(gb / t)
    if ra:
        g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
        print("  auto/cuBLAS median %.3f geomean %.3f min %.3f | mma1 median %.3f geomean %.3f" % (st.median(ra), g(ra), min(ra), st.median(rb), g(rb)))
print("== transpose, tuned (1) vs built-in (0): ratio to copy")
tr = load("tr.jsonl")
by = {}
for x in tr:
    if x.get("impl") != "txf": continue
    by[(x["dtype"], x["rows"], x["cols"], x["tuning"])] = x
for (dt, r, c, tu), x in sorted(by.items()):
    if tu != 1: continue
    y = by.get((dt, r, c, 0), {})
    def d(z):
        p = z.get("params") or {}
        f = "".join(k[0] for k in ("stream", "skinny", "packed") if p.get(k) == 1)
        return "%s %sx%s %s" % (z.get("chosen"), p.get("tile"), p.get("wg_rows"), f)
    print("%-4s %8dx%-8d tuned %5.2f %-18s built-in %5.2f %-18s %s" % (dt, r, c, x.get("ratio") or 0, d(x), y.get("ratio") or 0, d(y), x.get("check")))
