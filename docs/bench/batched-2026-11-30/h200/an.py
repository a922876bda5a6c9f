# Batched transposes per shape: auto and each way of running a batch, as a
# ratio to the copy of the same bytes in the same process; PyTorch's
# batched transpose over the same copy and over its own copy.
#   python3 an.py final.jsonl(.gz) final-torch.jsonl
import collections, gzip, json, sys
op = gzip.open if sys.argv[1].endswith(".gz") else open
rows = [json.loads(l) for l in op(sys.argv[1], "rt")]
tor = {}
for l in open(sys.argv[2]):
    x = json.loads(l); tor[(x["rows"], x["cols"], x["batch"], x["dtype"])] = x
by = collections.defaultdict(dict)
for x in rows:
    k = (x["rows"], x["cols"], x["batch"], x["dtype"])
    by[k][x["impl"] if x["impl"] == "copy" else x["strategy"]] = x
print("%-10s %-4s %8s | %5s %5s %5s %5s %5s %5s | %5s %5s | %s" % ("shape", "dt", "batch", "auto", "flat", "tiled", "pack", "chunk", "perm", "torch", "t/tcp", "auto ran"))
for k, d in by.items():
    cp = d["copy"]["gbps"]
    def r(n):
        x = d.get(n)
        return "%5.2f" % (x["gbps"] / cp) if x and x.get("gbps") else "  -  "
    t = tor.get(k)
    tr = "%5.2f %5.2f" % (t["gbps"] / cp, t["gbps"] / t["copy_gbps"]) if t else "  -     -  "
    au = d.get("auto", {})
    print("%-10s %-4s %8d | %s %s %s %s %s %s | %s | %s %s" % ("%dx%d" % k[:2], k[3], k[2], r("auto"), r("one-launch-flat"), r("one-launch-tiled"), r("one-launch-packed"), r("one-launch-chunked"), r("per-matrix"), tr, au.get("chosen"), "tile %s packed %s" % ((au.get("params") or {}).get("tile"), (au.get("params") or {}).get("packed"))))
