# cuBLAS sgemm through PyTorch, fp32 (TF32 off) and TF32, on the shapes given
# as MxNxK arguments; one JSON line per shape and mode.
import json, sys, torch
dev = torch.device("cuda")
def timed(fn, repeat=10, warm=3):
    for _ in range(warm): fn()
    torch.cuda.synchronize(); ts = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    ts.sort(); return ts[len(ts)//2]
for s in sys.argv[1:]:
    m, n, k = map(int, s.split("x"))
    a = torch.rand(m, k, device=dev) * 2 - 1; b = torch.rand(k, n, device=dev) * 2 - 1
    c = torch.empty(m, n, device=dev)
    for mode in ("fp32", "tf32"):
        torch.backends.cuda.matmul.allow_tf32 = mode == "tf32"
        ms = timed(lambda: torch.matmul(a, b, out=c))
        print(json.dumps({"m": m, "n": n, "k": k, "mode": mode, "ms": ms, "gflops": 2*m*n*k/ms/1e6}), flush=True)
