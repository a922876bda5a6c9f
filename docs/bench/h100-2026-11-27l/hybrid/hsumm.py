import json, sys, collections, gzip, os
d = sys.argv[1]
torch = {}
for l in open(d + "/torch.jsonl"):
    x = json.loads(l); torch["%dx%dx%d" % (x["m"], x["n"], x["k"])] = x["ms"]
rows = collections.defaultdict(dict)
auto = {}
for l in (gzip.open(d + "/hybrid.jsonl.gz", "rt") if os.path.exists(d + "/hybrid.jsonl.gz") else open(d + "/hybrid.jsonl")):
    r = json.loads(l); x = r["x"]
    if x.get("check") != "OK" or x.get("median_ms") is None: continue
    s = r["shape"]; sub = (x["m"], x["n"], x["k"])
    if r["kind"] == "auto": auto[s] = x
    elif r["kind"] == "head": rows[s][("head", r["dim"], sub)] = x["median_ms"]
    else: rows[s][("tail", r["dim"], sub, r["ks"])] = x["median_ms"]
for s, a in auto.items():
    M, N, K = map(int, s.split("x")); p = a["params"]
    cb = torch.get(s)
    print("%s auto %.4f ms (%s %dx%d k%d ksplit %d) cuBLAS %.4f -> %.2f" % (s, a["median_ms"], a["chosen"], p["mwg"], p["nwg"], p["kwg"], p["ksplit"], cb, cb / a["median_ms"]))
    best = None
    for key, t in rows[s].items():
        if key[0] != "head": continue
        _, dim, sub = key
        tail = (M - sub[0], N, K) if dim == "m" else (M, N - sub[1], K)
        tl = {k[3]: v for k, v in rows[s].items() if k[0] == "tail" and k[1] == dim and k[2] == tail}
        if not tl: continue
        ks = min(tl, key=tl.get)
        tot = t + tl[ks]
        print("   %s head %s %.4f + tail %s ks%d %.4f (ks1 %s) = %.4f  %.2f of auto, %.2f of cuBLAS" % (dim, "x".join(map(str, sub)), t, "x".join(map(str, tail)), ks, tl[ks], "%.4f" % tl[1] if 1 in tl else "-", tot, a["median_ms"] / tot, cb / tot))
