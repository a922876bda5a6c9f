import json, sys, collections
by = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("op") != "transpose": continue
    k = (x["rows"], x["cols"], x["batch"], x["dtype"])
    name = x["impl"] if x["impl"] in ("copy", "blas") else x["strategy"]
    by[k][name] = x
print("%-10s %-3s %7s | %5s %5s %5s %5s %5s | %5s | %s" % ("shape", "dt", "batch", "auto", "flat", "tiled", "pack", "perm", "blas", "chosen"))
for k, d in by.items():
    cp = d["copy"]["gbps"]
    def r(n):
        x = d.get(n)
        return "%5.2f" % (x["gbps"] / cp) if x and x.get("gbps") else "  -  "
    print("%-10s %-3s %7d | %s %s %s %s %s | %s | %s" % ("%dx%d" % k[:2], k[3], k[2], r("auto"), r("one-launch-flat"), r("one-launch-tiled"), r("one-launch-packed"), r("per-matrix"), r("blas"), d["auto"].get("chosen")))
