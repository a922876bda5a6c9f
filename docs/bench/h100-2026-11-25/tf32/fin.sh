#!/usr/bin/env bash
# Final: f32 auto with precision exact, 3xtf32 and tf32 on named shapes and a
# seeded sweep of 24 shapes (64 to 8192 per side); cuBLAS fp32 and TF32
# (PyTorch) on the same shapes in the same call. Every result is checked.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-fin
S=4096x4096x4096,8192x8192x8192,4093x4093x4093,2048x2048x2048,1000x1000x1000,3000x5000x700,999x666x777,8191x8193x4097,64x50000x64,8192x128x8192
t0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu --format=csv,noheader > $OUT/env.txt 2>&1
for p in exact 3xtf32 tf32; do
  timeout 120 $A bench matmul --dtype f4 --shape $S --strategy auto --precision $p --compare none --format json > $OUT/named-$p.jsonl 2>>$OUT/err.txt
  timeout 150 $A bench matmul --dtype f4 --sweep 24 --seed 1 --sweep-range 64:8192 --strategy auto --precision $p --compare none --format json > $OUT/sweep-$p.jsonl 2>>$OUT/err.txt
  echo "$p $(( $(date +%s) - t0 )) s"
done
python3 - $OUT > $OUT/shapes.txt <<'PY'
import json, sys, glob
seen = []
for f in sorted(glob.glob(sys.argv[1] + "/*-exact.jsonl")):
    for l in open(f):
        x = json.loads(l)
        if x.get("impl") == "txf" and "m" in x:
            s = "%dx%dx%d" % (x["m"], x["n"], x["k"])
            if s not in seen: seen.append(s)
print(" ".join(seen))
PY
python3 $H/tf_torch.py $(cat $OUT/shapes.txt) > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s"
tail -3 $OUT/err.txt
python3 $H/fin_summ.py $OUT | tee $OUT/summary.txt
tar czf $OUT/fin.tgz -C $OUT $(cd $OUT && ls *.jsonl *.txt) && (cd $OUT && rm -f *.jsonl)
