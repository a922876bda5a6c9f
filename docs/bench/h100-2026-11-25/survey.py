import json, torch
torch.backends.cuda.matmul.allow_tf32 = False
dev = torch.device("cuda")
def timed(fn, repeat=20, warm=3):
    for _ in range(warm): fn()
    torch.cuda.synchronize(); ts = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    ts.sort(); return ts[len(ts)//2]
for (m, n, k, dt) in [(4096,4096,4096,'f4'),(8192,8192,8192,'f4'),(4093,4093,4093,'f4'),(8191,8193,4097,'f4'),(999,666,777,'f4'),(1000,1000,1000,'f4'),
                      (3000,5000,700,'f4'),(64,50000,64,'f4'),(64,64,50000,'f4'),(128,4096,4096,'f4'),(4096,128,4096,'f4'),(4096,4096,128,'f4'),(4096,4096,4096,'f8'),(3000,5000,700,'f8')]:
    t = torch.float32 if dt == 'f4' else torch.float64
    a = torch.randn(m, k, device=dev, dtype=t); b = torch.randn(k, n, device=dev, dtype=t); c = torch.empty(m, n, device=dev, dtype=t)
    ms = timed(lambda: torch.matmul(a, b, out=c))
    print(json.dumps({"op": "matmul", "impl": "cublas", "m": m, "n": n, "k": k, "dtype": dt, "median_ms": ms, "gflops": 2*m*n*k/ms/1e6}), flush=True)
for (r, c_, dt) in [(3,1000000,torch.float32),(1000000,3,torch.float32),(16,262144,torch.float32),(262144,16,torch.float32),(4096,4096,torch.float32),(4096,4096,torch.uint8),(3,4000000,torch.uint8)]:
    x = (torch.randn(r, c_, device=dev) * 100).to(dt); y = torch.empty(c_, r, device=dev, dtype=dt); z = torch.empty_like(x)
    cp = timed(lambda: z.copy_(x)); tt = timed(lambda: y.copy_(x.t()))
    print(json.dumps({"op": "transpose", "impl": "torch", "rows": r, "cols": c_, "dtype": str(dt), "ratio": cp / tt, "median_ms": tt}), flush=True)
