# hybrid.py OUTDIR SHAPES...: for each product, auto's choice, then the same blocks on the head
# (all but the last t rows/cols of blocks, t = 1..4) and on the tail with K slices 1..8.
import json, subprocess, sys, os, math
out = sys.argv[1]; B = os.environ["B"]
def bench(shapes, params=None, strategy="auto"):
    cmd = [B + "/tools/txf/txf", "bench", "matmul", "--shape", ",".join("%dx%dx%d" % s for s in shapes),
           "--strategy", strategy, "--compare", "none", "--repeat", "15", "--format", "json"]
    if params: cmd += ["--params", ",".join("%s=%d" % kv for kv in params.items())]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=200)
    res = []
    for l in r.stdout.splitlines():
        try: x = json.loads(l)
        except Exception: continue
        if x.get("impl") == "txf": res.append(x)
    if r.returncode and not res: print("ERR", cmd, r.stderr[-500:], file=sys.stderr)
    return res
f = open(out + "/hybrid.jsonl", "a")
for sh in sys.argv[2:]:
    M, N, K = map(int, sh.split("x"))
    a = bench([(M, N, K)])
    if not a: continue
    a = a[0]; p = dict(a["params"]); strat = a["chosen"]
    f.write(json.dumps({"kind": "auto", "shape": sh, "x": a}) + "\n"); f.flush()
    mw, nw = p["mwg"], p["nwg"]
    for dim in ("m", "n"):
        w = mw if dim == "m" else nw; E = M if dim == "m" else N
        T = math.ceil(E / w)
        heads = [(T - t) * w for t in range(1, 5) if T - t >= 1]
        hs = [((h, N, K) if dim == "m" else (M, h, K)) for h in heads]
        ts = [((M - h, N, K) if dim == "m" else (M, N - h, K)) for h in heads]
        p1 = dict(p); p1["ksplit"] = 1
        for x in bench(hs, p1, strat): f.write(json.dumps({"kind": "head", "dim": dim, "shape": sh, "x": x}) + "\n")
        for s in (1, 2, 3, 4, 6, 8):
            ps = dict(p); ps["ksplit"] = s
            for x in bench(ts, ps, "pad"): f.write(json.dumps({"kind": "tail", "dim": dim, "ks": s, "shape": sh, "x": x}) + "\n")
        f.flush()
    print("done", sh, flush=True)
