# Each shape's best round (the VM's speed modes): auto and OpenBLAS (a call
# per matrix) as ratios to the copy in the same process; auto over OpenBLAS.
import gzip, json, sys, collections, math, statistics
best = {}
for f in sys.argv[1:]:
    by = collections.defaultdict(dict)
    for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
        x = json.loads(l)
        if x.get("op") != "transpose": continue
        k = (x["rows"], x["cols"], x["batch"], x["dtype"])
        by[k][x["impl"] if x["impl"] in ("copy", "blas") else x["strategy"]] = x
    for k, d in by.items():
        cp = d["copy"]["gbps"]
        a = d["auto"]["gbps"] / cp
        b = d["blas"]["gbps"] / cp if d.get("blas", {}).get("gbps") else None
        v = best.setdefault(k, [0, None, None, d["auto"]["chosen"]])
        v[0] = max(v[0], a)
        if b: v[1] = max(v[1] or 0, b)
        # auto over blas in the same process
        if b: v[2] = max(v[2] or 0, a / b)
print("%-10s %-3s %7s | %5s %5s %5s | %s" % ("shape", "dt", "batch", "auto", "blas", "a/b", "auto ran"))
per = collections.defaultdict(list)
for k, (a, b, ab, ch) in best.items():
    print("%-10s %-3s %7d | %5.2f %5s %5s | %s" % ("%dx%d" % k[:2], k[3], k[2], a, "%5.2f" % b if b else "  -  ", "%5.2f" % ab if ab else "  -  ", ch))
    per[k[3]].append((a, ab))
for dt, v in per.items():
    a = [x for x, _ in v]; ab = [y for _, y in v if y]
    print("%s: of copy min %.2f median %.2f" % (dt, min(a), statistics.median(a)) + (", over OpenBLAS geomean %.2f, slower on %d of %d" % (math.exp(sum(map(math.log, ab)) / len(ab)), sum(1 for y in ab if y < 1), len(ab)) if ab else ""))
