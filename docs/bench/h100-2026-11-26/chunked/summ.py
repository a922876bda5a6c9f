# Summary of run.sh's final.jsonl(.gz): per element type and set (named,
# sweep), the median over rounds of each shape's ratio to the copy in the
# same run, before and after; the shapes whose kernel changed, with the
# time after / before (fastest of the rounds, independent of the copy);
# then the shapes with one side aligned: auto against the chunked kernel
# (in data/final-8ac3f2d.jsonl.gz auto is the packed kernels there; in
# data/final.jsonl.gz, 1-byte inputs from 12 MB take the chunked kernel).
import gzip, json, collections, statistics as st, sys
path = sys.argv[1] if len(sys.argv) > 1 else "data/final.jsonl.gz"
R = collections.defaultdict(lambda: collections.defaultdict(list))
T = collections.defaultdict(lambda: collections.defaultdict(list))
K = {}
A = {}
opener = gzip.open if path.endswith(".gz") else open
for line in opener(path, "rt"):
    d = json.loads(line)
    if d.get("op") != "transpose" or d.get("impl") != "txf":
        continue
    if d["set"] == "aligned":
        A.setdefault((d["dtype"], d["rows"], d["cols"]), {})[d["b"]] = d["ratio"]
        continue
    if d["check"] != "OK":
        print("not OK:", d["b"], d["dtype"], d["rows"], d["cols"], d["check"], d["note"][:100])
        continue
    k = (d["set"], d["dtype"], d["rows"], d["cols"])
    R[k][d["b"]].append(d["ratio"])
    T[k][d["b"]].append(d["min_ms"])
    p = d["params"]
    K[k, d["b"]] = ("chunked" if p["packed"] == 2 else "packed" if p["packed"] else
                    "runs" if p["segments"] else "skinny" if p["skinny"] else "pad")
for dt in ("u1", "u2"):
    for s in ("named", "sweep"):
        rows = [(k, st.median(v["before"]), st.median(v["after"]))
                for k, v in R.items() if k[0] == s and k[1] == dt and v["before"] and v["after"]]
        big = [x for x in rows if x[0][2] * x[0][3] >= 2 ** 22]
        chg = [x for x in rows if K[x[0], "after"] != K[x[0], "before"]]
        tr = [min(T[x[0]]["after"]) / min(T[x[0]]["before"]) for x in chg]
        print("%s %s: %d shapes, ratio to copy median %.3f -> %.3f, min %.2f -> %.2f; "
              "from 2^22 elements (%d): median %.3f -> %.3f, min %.2f -> %.2f; "
              "kernel changed on %d, time after / before geometric mean %.3f"
              % (dt, s, len(rows), st.median(x[1] for x in rows), st.median(x[2] for x in rows),
                 min(x[1] for x in rows), min(x[2] for x in rows), len(big),
                 st.median(x[1] for x in big), st.median(x[2] for x in big),
                 min(x[1] for x in big), min(x[2] for x in big), len(chg),
                 st.geometric_mean(tr) if tr else 1.0))
        for k, b, a in sorted(rows, key=lambda x: x[0][2] * x[0][3]):
            if s == "named" or K[k, "after"] != K[k, "before"]:
                print("  %7d x %-7d %-7s %.2f -> %-7s %.2f  time x %.2f"
                      % (k[2], k[3], K[k, "before"], b, K[k, "after"], a,
                         min(T[k]["after"]) / min(T[k]["before"])))
print("one side aligned, round 1: ratio to copy, auto / chunked forced")
for k, v in A.items():
    print("  %s %6d x %-6d %.2f / %.2f" % (k[0], k[1], k[2], v.get("auto") or 0, v.get("forced") or 0))
