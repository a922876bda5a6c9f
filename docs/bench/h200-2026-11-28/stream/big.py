"""big.py FILE [MIN_BYTES]: as summ.py (STAT, default min_ms), for shapes of at least MIN_BYTES
(default 262144) only: small shapes on this host are launch-bound and vary several times over."""
import json, sys, collections, math, os
STAT = os.environ.get("STAT", "min_ms"); lo = int(sys.argv[2]) if len(sys.argv) > 2 else 262144
t = collections.defaultdict(lambda: 1e9)
for l in open(sys.argv[1]):
    x = json.loads(l)
    if "rows" not in x or x.get(STAT) is None or x["impl"] not in ("txf", "copy"): continue
    k = (x["v"], x["dtype"], x["rows"], x["cols"], x["impl"]); t[k] = min(t[k], x[STAT])
for d in ("u1", "f2", "f4", "f8"):
    e = int(d[1]); sp = []; ro = []; rn = []
    for s in sorted({k[2:4] for k in t if k[1] == d and k[4] == "txf" and k[2] * k[3] * e >= lo}):
        c = min(t[(v, d) + s + ("copy",)] for v in ("old", "new"))
        a, b = t[("old", d) + s + ("txf",)], t[("new", d) + s + ("txf",)]
        sp.append(a / b); ro.append(c / a); rn.append(c / b)
        if "-v" in sys.argv: print("%s %5dx%-6d %.2f MB copy %.4f old %.4f new %.4f speed-up %.2f" % (d, s[0], s[1], s[0] * s[1] * e / 1e6, c, a, b, a / b))
    med = lambda v: sorted(v)[len(v) // 2]
    print("%s %d shapes of %d bytes or more: of copy median %.2f -> %.2f; time before/after geomean %.2f median %.2f min %.2f max %.2f" % (
        d, len(sp), lo, med(ro), med(rn), math.exp(sum(map(math.log, sp)) / len(sp)), med(sp), min(sp), max(sp)))
