#!/usr/bin/env bash
# tf32 operands rounded by PADCOPY's packs (cl/) against the product
# rounding them (exp/new), auto and pad; the dressed tests on the device.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_BINARY_CACHE=0
V=4096x4096x4096,8192x8192x8192,4093x4093x4093,2048x2048x2048,8191x8193x4097,3000x5000x700
t0=$(date +%s)
timeout 200 $D/tests/test_context > $OUT/test_context.txt 2>&1; echo "test_context rc $? $(( $(date +%s) - t0 )) s"
grep -B1 -A3 "RUN.*tf32" $OUT/test_context.txt | head -6
for r in 1 2; do for k in new cur; do
  KP=$PWD/exp/new; [ $k = cur ] && KP=$PWD/cl
  for p in tf32 3xtf32; do
    TXF_KERNEL_PATH=$KP timeout 60 $A bench matmul --dtype f4 --shape $V --strategy auto --precision $p --repeat 10 --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$k-$p-r$r\",/" >> $OUT/cfg.jsonl
  done
done; echo "round $r $(( $(date +%s) - t0 )) s"; done
python3 - $OUT/cfg.jsonl <<'PY'
import json, sys, collections
R = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    x = json.loads(l)
    if x.get("impl") != "txf": continue
    R["%dx%dx%d" % (x["m"], x["n"], x["k"])][x["cfg"]] = "%.1f" % (x["gflops"] / 1000) if x["check"] == "OK" else x["check"]
cols = sorted({c for r in R.values() for c in r})
print("shape".ljust(16) + "".join(c.rjust(15) for c in cols))
for s, r in R.items(): print(s.ljust(16) + "".join(r.get(c, "-").rjust(15) for c in cols))
PY
tail -3 $OUT/err.txt
