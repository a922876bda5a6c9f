"""summ.py DIR: the tree before (v0) over this one (v1), fastest median of the rounds, per product
of the list and the sweeps; those whose kernel form changed (C's rows off 16 bytes, f32, a K of 65
to 192 for the chosen blocks) apart; of cuBLAS before and after."""
import json, collections, math, sys
t = collections.defaultdict(lambda: 1e9); ok = collections.Counter(); ch = {}; cu = {}
for l in open(sys.argv[1] + "/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"]
for l in open(sys.argv[1] + "/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or "m" not in x: continue
    ok[x.get("check")] += 1
    if x.get("check") != "OK": continue
    s = (x["m"], x["n"], x["k"]); k = (x["v"],) + s; t[k] = min(t[k], x["median_ms"])
    p = x["params"]; ch[k] = "%s %dx%d ks%d d%s" % (x["chosen"], p["mwg"], p["nwg"], p["ksplit"], p.get("dot"))
print(ok)
chg = []; same = []; c0 = []; c1 = []
for s in sorted({k[1:] for k in t}, key=lambda s: s[2]):
    a, b = t[("v0",) + s], t[("v1",) + s]; r = a / b
    c0.append(cu[s] / a); c1.append(cu[s] / b)
    p = ch[("v1",) + s]; ks = int(p.split("ks")[1].split()[0])
    changed = s[1] % 4 != 0 and 64 < s[2] <= 192 and p.split()[0] in ("pad", "padcopy", "split") and "d1" in p and ks == 1
    (chg if changed else same).append(r)
    print("%5dx%5dx%5d %-26s v0 %.4f v1 %.4f %.3f %s  of cuBLAS %.2f -> %.2f" % (s + (p, a, b, r, "*" if changed else " ", cu[s] / a, cu[s] / b)))
for name, rs in (("changed (*)", chg), ("unchanged", same)):
    if rs: print("%s: %d, geomean %.3f, median %.3f, min %.3f, max %.3f" % (name, len(rs), math.exp(sum(map(math.log, rs)) / len(rs)), sorted(rs)[len(rs) // 2], min(rs), max(rs)))
print("of cuBLAS, median: %.3f -> %.3f" % (sorted(c0)[len(c0) // 2], sorted(c1)[len(c1) // 2]))
