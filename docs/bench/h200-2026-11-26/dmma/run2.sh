#!/usr/bin/env bash
# f64 mma.sync register probe; dgemm sweep: entry set (8 warps) vs 4 warps of 64 x 32; cuBLAS.
# Usage: PROBE=EXE OUT=DIR run2.sh  (EXE: probe.c built beside the tree, gcc -O2 probe.c -lOpenCL)
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
A=.device-build/tools/txf/txf
t0=$(date +%s)
timeout 150 $PROBE docs/bench/h200-2026-11-26/dmma/probe.cl > $OUT/probe.txt 2>&1
echo "probe $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
for seed in 3 4; do
  TXF_CACHE_DIR=/tmp/c-e $A bench matmul --dtype f8 --sweep 16 --seed $seed --sweep-range 64:8192 --strategy auto --compare none --repeat 10 --format json > $OUT/entry-s$seed.jsonl 2>>$OUT/err.txt
  TXF_CACHE_DIR=/tmp/c-w $A bench matmul --dtype f8 --sweep 16 --seed $seed --sweep-range 64:8192 --strategy auto --compare none --repeat 10 --format json --params mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 --param mma=3 > $OUT/w4-s$seed.jsonl 2>>$OUT/err.txt
  echo "seed $seed $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
done
cat $OUT/entry-s3.jsonl $OUT/entry-s4.jsonl > $OUT/entry-all.jsonl
timeout 150 python3 docs/bench/h100-2026-11-25/dmma/dm_torch.py $OUT/entry-all.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
python3 - $OUT <<'PY' > $OUT/summary.txt
import json, sys
o = sys.argv[1]
torch = {}
for l in open(f"{o}/torch.jsonl"):
    x = json.loads(l); torch[(x["m"], x["n"], x["k"])] = x["gflops"]
def load(name):
    r = {}
    for seed in (3, 4):
        for l in open(f"{o}/{name}-s{seed}.jsonl"):
            x = json.loads(l)
            if x.get("impl") == "txf" and x.get("check") == "OK": r[(x["m"], x["n"], x["k"])] = x["gflops"]
    return r
e, w = load("entry"), load("w4")
rat = []
for s in e:
    if s in w and s in torch:
        rat.append((w[s] / e[s], e[s] / torch[s], w[s] / torch[s]))
        print("%dx%dx%d" % s, "entry %.1f w4 %.1f cublas %.1f" % (e[s] / 1e3, w[s] / 1e3, torch[s] / 1e3))
import statistics as st
for i, n in enumerate(["w4/entry", "entry/cublas", "w4/cublas"]):
    v = sorted(r[i] for r in rat)
    print(n, "min %.2f median %.2f max %.2f" % (v[0], st.median(v), v[-1]))
PY
cat $OUT/log.txt $OUT/probe.txt $OUT/summary.txt; head -c 400 $OUT/err.txt
