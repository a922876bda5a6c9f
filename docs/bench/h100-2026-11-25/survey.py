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
for (r, c_, dt) in [(3,1000000,torch.float32),(1000000,3,torch.float32),(16,262144,torch.float32),(262144,16,torch.float32),(32,131072,torch.float32),(131072,32,torch.float32),(8,524288,torch.float32),(3,1000000,torch.uint8),(1000000,3,torch.uint8),(16,262144,torch.int16),(3,1000000,torch.float64)]:
    x = (torch.randn(r, c_, device=dev) * 100).to(dt); y = torch.empty(c_, r, device=dev, dtype=dt); z = torch.empty_like(x)
    cp = timed(lambda: z.copy_(x)); tt = timed(lambda: y.copy_(x.t()))
    print(json.dumps({"op": "transpose", "impl": "torch", "rows": r, "cols": c_, "dtype": str(dt), "ratio": cp / tt, "median_ms": tt}), flush=True)
