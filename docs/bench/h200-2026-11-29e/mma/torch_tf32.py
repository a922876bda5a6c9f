# cuBLAS (PyTorch, TF32 off) on the f4 and f8 products of txf bench JSON
# files, timed as txf bench times the library: 20 ms of warm-up calls, then
# 15 calls, each between two CUDA events; median and fastest.
import json, sys, time, torch
torch.backends.cuda.matmul.allow_tf32 = True
dev = torch.device("cuda")
def timed(fn, repeat=15):
    fn(); torch.cuda.synchronize()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 0.02:
        fn()
    torch.cuda.synchronize(); ts = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    ts.sort(); return ts[len(ts) // 2], ts[0]
seen = set()
for f in sys.argv[1:]:
    for l in open(f):
        x = json.loads(l)
        if x.get("impl") != "txf" or "m" not in x or x.get("dtype") != "f4": continue
        s = (x["m"], x["n"], x["k"], x["dtype"])
        if s in seen: continue
        seen.add(s)
        m, n, k, dt = s
        t = torch.float32 if dt == "f4" else torch.float64
        a = torch.randn(m, k, device=dev, dtype=t); b = torch.randn(k, n, device=dev, dtype=t)
        c = torch.empty(m, n, device=dev, dtype=t)
        med, mn = timed(lambda: torch.matmul(a, b, out=c))
        print(json.dumps({"m": m, "n": n, "k": k, "dtype": dt, "ms": med, "min_ms": mn,
                          "gflops": 2 * m * n * k / med / 1e6}), flush=True)
        del a, b, c
