# Which cuBLAS kernels PyTorch (TF32 off) runs for f32 products, and their
# times: one JSON line per shape with each kernel's name and mean device time.
import json, sys, torch
from torch.profiler import profile, ProfilerActivity
torch.backends.cuda.matmul.allow_tf32 = False
dev = torch.device("cuda")
for s in sys.argv[1].split(","):
    m, n, k = map(int, s.split("x"))
    a = torch.randn(m, k, device=dev); b = torch.randn(k, n, device=dev)
    c = torch.empty(m, n, device=dev)
    for _ in range(5): torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        for _ in range(10): torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
    ks = {}
    for e in p.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            d = ks.setdefault(e.name, [0, 0.0]); d[0] += 1; d[1] += e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total
    print(json.dumps({"m": m, "n": n, "k": k, "kernels": {nm: [c_, t / c_] for nm, (c_, t) in ks.items()}}), flush=True)
    del a, b, c
