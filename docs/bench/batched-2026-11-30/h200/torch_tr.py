# PyTorch's batched transpose (x.transpose(1, 2) copied into a contiguous
# tensor) and its copy of the same bytes, for each (rows, cols, batch, dtype)
# of txf bench JSON files; timed as txf bench times: 20 ms of warm-up calls,
# then 15 calls between two CUDA events; median and fastest.
import json, sys, time, torch
dev = torch.device("cuda")
types = {"u1": torch.uint8, "u2": torch.int16, "f4": torch.float32, "f8": torch.float64,
         "c16": torch.complex128}
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
        if x.get("impl") != "copy" or "batch" not in x: continue
        s = (x["rows"], x["cols"], x["batch"], x["dtype"])
        if s in seen: continue
        seen.add(s)
        r, c, B, dt = s
        t = types[dt]
        if t.is_complex:
            a = torch.randn(B, r, c, device=dev, dtype=t)
        elif t.is_floating_point:
            a = torch.randn(B, r, c, device=dev, dtype=t)
        else:
            a = torch.randint(0, 100, (B, r, c), device=dev, dtype=t)
        o = torch.empty(B, c, r, device=dev, dtype=t)
        o2 = torch.empty(B, r, c, device=dev, dtype=t)
        ok = bool(torch.equal(o.copy_(a.transpose(1, 2)), a.transpose(1, 2)))
        med, mn = timed(lambda: o.copy_(a.transpose(1, 2)))
        cmed, cmn = timed(lambda: o2.copy_(a))
        gb = 2 * a.numel() * a.element_size() / 1e9
        print(json.dumps({"rows": r, "cols": c, "batch": B, "dtype": dt, "ms": med, "min_ms": mn,
                          "copy_ms": cmed, "gbps": gb / (med / 1e3),
                          "copy_gbps": gb / (cmed / 1e3), "ok": ok}), flush=True)
        del a, o, o2
