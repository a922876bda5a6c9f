# cuBLAS through PyTorch on the shapes given as MxNxK: fp16 and bf16 gemm with
# a 16-bit C ("fp16", "bf16"), and 16-bit operands upcast to f32 and
# multiplied on TF32 ("f2-up-tf32": the work txf does, conversion included).
import json, sys, torch
dev = torch.device("cuda")
def timed(fn, repeat=10, warm=3):
    for _ in range(warm): fn()
    torch.cuda.synchronize(); ts = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record(); fn(); b.record(); b.synchronize(); ts.append(a.elapsed_time(b))
    ts.sort(); return ts[len(ts)//2]
torch.backends.cuda.matmul.allow_tf32 = True
for s in sys.argv[1:]:
    m, n, k = map(int, s.split("x"))
    for dt, name in ((torch.float16, "fp16"), (torch.bfloat16, "bf16")):
        a = (torch.rand(m, k, device=dev) * 2 - 1).to(dt); b = (torch.rand(k, n, device=dev) * 2 - 1).to(dt)
        c = torch.empty(m, n, device=dev, dtype=dt)
        ms = timed(lambda: torch.matmul(a, b, out=c))
        print(json.dumps({"m": m, "n": n, "k": k, "mode": name, "ms": ms, "gflops": 2*m*n*k/ms/1e6}), flush=True)
        if name == "fp16":
            c32 = torch.empty(m, n, device=dev)
            ms = timed(lambda: torch.matmul(a.float(), b.float(), out=c32))
            print(json.dumps({"m": m, "n": n, "k": k, "mode": "f2-up-tf32", "ms": ms, "gflops": 2*m*n*k/ms/1e6}), flush=True)
        del a, b, c
