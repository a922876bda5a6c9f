# Batched transposes: auto against the copy (same process) and PyTorch (same call).
import gzip, json, sys, collections, math, statistics
op = gzip.open if sys.argv[1].endswith(".gz") else open
rows = [json.loads(l) for l in op(sys.argv[1], "rt")]
tor = {}
for l in open(sys.argv[2]):
    x = json.loads(l); tor[(x["rows"], x["cols"], x["batch"], x["dtype"])] = x
by = collections.defaultdict(dict)
for x in rows:
    k = (x["rows"], x["cols"], x["batch"], x["dtype"])
    by[k][x["impl"] if x["impl"] == "copy" else x["strategy"]] = x
per = collections.defaultdict(list)
for k, d in by.items():
    if "auto" not in d or not d["auto"].get("gbps"): continue
    r = d["auto"]["gbps"] / d["copy"]["gbps"]
    t = tor.get(k)
    vs = d["auto"]["gbps"] / t["gbps"] if t else None
    per[k[3]].append((r, vs, k))
    per["all"].append((r, vs, k))
def g(v): return math.exp(sum(map(math.log, v)) / len(v))
print("%-4s %4s | of copy: min median | vs torch: geomean min (shape) faster-on" % ("dt", "n"))
for dt in ["u1", "u2", "f4", "f8", "c16", "all"]:
    v = per[dt]
    if not v: continue
    rs = [a for a, _, _ in v]; vs = [(b, k) for _, b, k in v if b]
    mn = min(vs)
    print("%-4s %4d | %5.2f %5.2f | %5.2f %5.2f (%dx%d) %d/%d" % (dt, len(v), min(rs), statistics.median(rs), g([b for b, _ in vs]), mn[0], mn[1][0], mn[1][1], sum(1 for b, _ in vs if b >= 1), len(vs)))
