# Summary of one-side.sh's one-side.jsonl(.gz): per shape, which side is
# aligned, the median over rounds of the ratio to the copy for auto (at the
# time: the packed kernels) and the chunked kernel forced, and the fastest
# time of the chunked kernel over auto's.
import gzip, json, collections, statistics as st, sys
path = sys.argv[1] if len(sys.argv) > 1 else "data/one-side.jsonl.gz"  # or data/thresholds.jsonl.gz
R = collections.defaultdict(lambda: collections.defaultdict(list))
T = collections.defaultdict(lambda: collections.defaultdict(list))
opener = gzip.open if path.endswith(".gz") else open
for line in opener(path, "rt"):
    d = json.loads(line)
    if d.get("op") != "transpose" or d.get("impl") != "txf" or d["check"] != "OK":
        continue
    k = (d["dtype"], d["rows"], d["cols"])
    R[k][d["b"]].append(d["ratio"])
    T[k][d["b"]].append(d["min_ms"])
for k in R:
    dt, r, c = k
    e = 1 if dt == "u1" else 2
    side = ("both" if c % 4 == 0 and r * e % 32 == 0 else "input" if c % 4 == 0
            else "output" if r * e % 32 == 0 else "neither")
    print("%s %6d x %-6d %5.1f MB aligned: %-7s auto %.2f chunked %.2f time chunked / auto %.2f"
          % (dt, r, c, r * c * e / 1e6, side, st.median(R[k]["auto"]), st.median(R[k]["forced"]),
             min(T[k]["forced"]) / min(T[k]["auto"])))
