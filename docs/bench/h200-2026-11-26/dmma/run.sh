#!/usr/bin/env bash
# dgemm: the kernels of e56e710 (OLD_CL: their cl/ folder) vs the flat f64 layout (cl), forced
# sets, cuBLAS (PyTorch); then test_context and test_matmul on the GPU.
# Usage: OLD_CL=DIR OUT=DIR run.sh  (in the tree root, with a release build in .device-build)
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
A=.device-build/tools/txf/txf
S=4096x4096x4096,8192x8192x8192,4093x4093x4093,3000x5000x700,2048x2048x2048,999x666x777,8191x8193x4097,1000x1000x1000
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $OUT/gpu.txt 2>&1
run() { # name kerneldir extra...
  local name=$1 kd=$2; shift 2
  TXF_KERNEL_PATH=$kd TXF_CACHE_DIR=/tmp/c-$name $A bench matmul --dtype f8 --shape $S --strategy auto --compare none --repeat 10 --format json "$@" > $OUT/$name.jsonl 2>>$OUT/err.txt
  echo "$name $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
}
for r in 1 2; do
run head$r $OLD_CL
run new$r $PWD/cl
done
run new-k8 $PWD/cl --param mma=4
run new-128x128w8 $PWD/cl --params mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=3 --param mma=3
run new-128x64w4 $PWD/cl --params mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 --param mma=3
run new-64x64w4 $PWD/cl --params mwg=64,nwg=64,kwg=16,mdimc=8,ndimc=16,lbuf=3 --param mma=3
run new-128x64k16 $PWD/cl --params mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,lbuf=2 --param mma=3
run new-256x64w8 $PWD/cl --params mwg=256,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=2 --param mma=3
run head-128x64w4 $OLD_CL --params mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 --param mma=3
timeout 120 python3 docs/bench/h100-2026-11-25/dmma/dm_torch.py $OUT/head1.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
(cd .device-build && TXF_KERNEL_PATH=$PWD/../cl timeout 200 ./tests/test_context > $OUT/t_context.txt 2>&1; echo "context rc $?" >> $OUT/log.txt)
(cd .device-build && TXF_KERNEL_PATH=$PWD/../cl timeout 120 ./tests/test_matmul > $OUT/t_matmul.txt 2>&1; echo "matmul rc $?" >> $OUT/log.txt)
echo "tests $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
python3 - $OUT <<'PY' > $OUT/summary.txt
import json, sys, glob, os
o = sys.argv[1]
torch = {}
for l in open(f"{o}/torch.jsonl"):
    x = json.loads(l); torch[(x["m"], x["n"], x["k"])] = x["gflops"]
rows = {}
for f in sorted(glob.glob(f"{o}/*.jsonl")):
    name = os.path.basename(f)[:-6]
    if name == "torch": continue
    for l in open(f):
        x = json.loads(l)
        if x.get("impl") != "txf": continue
        s = (x["m"], x["n"], x["k"])
        rows.setdefault(s, {})[name] = (x["gflops"] or 0, x["check"], x.get("params"))
names = sorted({n for v in rows.values() for n in v})
print("shape", *names, "cublas")
for s, v in rows.items():
    print("%dx%dx%d" % s, *["%.1f%s" % (v[n][0] / 1e3, "" if v.get(n, (0, "OK"))[1] == "OK" else "!" + v[n][1]) if n in v else "-" for n in names], "%.1f" % (torch.get(s, 0) / 1e3))
PY
cat $OUT/log.txt $OUT/summary.txt; tail -3 $OUT/t_context.txt $OUT/t_matmul.txt; head -c 600 $OUT/err.txt
