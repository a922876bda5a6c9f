# PyTorch's out-of-place transpose (a.t().contiguous()) and copy (clone) on
# the shapes of txf bench transpose JSON files, timed as txf bench times the
# library: warm-up calls for 20 ms, then 15 calls between CUDA events;
# median. Prints one JSON object per shape and element type.
import json, sys, time, torch
dev = torch.device("cuda")
T = {"f4": torch.float32, "u1": torch.uint8, "u2": torch.int16, "f8": torch.float64}
def timed(fn, repeat=15):
    fn(); torch.cuda.synchronize()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 0.02:
        fn()
    torch.cuda.synchronize(); ts = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    ts.sort(); return ts[len(ts) // 2]
seen = set()
for f in sys.argv[1:]:
    for l in open(f):
        x = json.loads(l)
        if x.get("impl") != "txf" or "rows" not in x or x["dtype"] not in T: continue
        s = (x["rows"], x["cols"], x["dtype"])
        if s in seen: continue
        seen.add(s)
        r, c, dt = s
        a = torch.zeros(r, c, device=dev, dtype=T[dt])
        o = torch.empty(c, r, device=dev, dtype=T[dt])
        o2 = torch.empty(r, c, device=dev, dtype=T[dt])
        tt = timed(lambda: o.copy_(a.t()))
        tc = timed(lambda: o2.copy_(a))
        print(json.dumps({"rows": r, "cols": c, "dtype": dt, "t_ms": tt, "copy_ms": tc}), flush=True)
        del a, o, o2
