#!/usr/bin/env python3
"""cuBLAS (through PyTorch) beside libtiledxform: sgemm, dgemm and transposes.

    python3 tools/torch_ref.py [--scaling] > torch.jsonl

Writes one JSON object per line with the keys of `txf bench --format json`
(op, impl, device, m/n/k or rows/cols, dtype, strategy, median_ms, min_ms,
gflops or gbps, check), so that the comparison's summary and plots read
them alike. Products run with TF32 off (true fp32). Times are CUDA-event
medians of 20 runs after 3 warm-ups, on random inputs; each product is
checked once against a float64 product on the GPU (relative Frobenius
error), each transpose exactly.
"""
import json
import sys

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
dev = torch.device("cuda")
name = torch.cuda.get_device_name(0)


def timed(fn, repeat=20, warm=3):
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    times.sort()
    return times[len(times) // 2], times[0]


def gemm(m, n, k, dtype):
    t = torch.float32 if dtype == "f4" else torch.float64
    a = torch.randn(m, k, device=dev, dtype=t)
    b = torch.randn(k, n, device=dev, dtype=t)
    c = torch.full((m, n), float("nan"), device=dev, dtype=t)
    med, mn = timed(lambda: torch.matmul(a, b, out=c))
    ref = torch.matmul(a.double(), b.double())
    err = ((c.double() - ref).norm() / ref.norm()).item()
    ok = err < (1e-5 if dtype == "f4" else 1e-12)
    del a, b, c, ref
    return {"op": "matmul", "impl": "cublas", "device": name, "m": m, "n": n, "k": k,
            "dtype": dtype, "strategy": "-", "median_ms": med, "min_ms": mn,
            "gflops": 2.0 * m * n * k / med / 1e6, "check": "OK" if ok else "FAIL",
            "note": "torch.matmul, TF32 off, rel. error %.2e" % err}


def transpose(rows, cols):
    x = torch.randn(rows, cols, device=dev, dtype=torch.float32)
    y = torch.empty(cols, rows, device=dev, dtype=torch.float32)
    z = torch.empty(rows, cols, device=dev, dtype=torch.float32)
    out = []
    med, mn = timed(lambda: z.copy_(x))
    gb = 2.0 * rows * cols * 4 / 1e9
    copy = gb / (med / 1e3)
    out.append({"op": "transpose", "impl": "torch-copy", "device": name, "rows": rows,
                "cols": cols, "dtype": "f4", "strategy": "-", "median_ms": med,
                "min_ms": mn, "gbps": copy, "copy_gbps": copy, "ratio": 1.0, "check": "OK"})
    med, mn = timed(lambda: y.copy_(x.t()))
    ok = torch.equal(y, x.t())
    out.append({"op": "transpose", "impl": "torch", "device": name, "rows": rows,
                "cols": cols, "dtype": "f4", "strategy": "-", "median_ms": med,
                "min_ms": mn, "gbps": gb / (med / 1e3), "copy_gbps": copy,
                "ratio": (gb / (med / 1e3)) / copy, "check": "OK" if ok else "FAIL",
                "note": "y.copy_(x.t())"})
    del x, y, z
    return out


def main():
    scaling = "--scaling" in sys.argv
    if scaling:
        shapes = [(s, s, s) for s in (128, 256, 512, 1024, 2048, 4096, 8192)]
        tshapes = [(s, s) for s in (256, 512, 1024, 2048, 4096, 8192, 16384)]
    else:
        shapes = [(4096, 4096, 4096), (8192, 8192, 8192), (4093, 4093, 4093),
                  (8191, 8193, 4097), (999, 666, 777), (2048, 2048, 2048),
                  (1024, 1024, 1024)]
        tshapes = [(4096, 4096), (8191, 8193), (16384, 16384), (16383, 16385)]
    for m, n, k in shapes:
        print(json.dumps(gemm(m, n, k, "f4")), flush=True)
    if not scaling:
        for m, n, k in [(4096, 4096, 4096), (2048, 2048, 2048)]:
            print(json.dumps(gemm(m, n, k, "f8")), flush=True)
    for r, c in tshapes:
        for row in transpose(r, c):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
