#!/usr/bin/env bash
# Matrix-unit pipeline: fragments of the next instruction step read before the current one runs
# (NEW_CL: a cl/ folder with the variant, not kept) against c75c8c8 (OLD_CL: its cl/ folder):
# f8 auto, f4 tf32 / 3xtf32, f2; registers from SASS. Usage: OLD_CL=DIR NEW_CL=DIR OUT=DIR run.sh
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 PATH=$PATH:/usr/local/cuda/bin
A=.device-build/tools/txf/txf
S=4096x4096x4096,8192x8192x8192,4093x4093x4093,3000x5000x700,2048x2048x2048,1000x1000x1000
t0=$(date +%s)
for r in 1 2; do
for v in head new; do
  K=$NEW_CL; [ $v = head ] && K=$OLD_CL
  export CUDA_CACHE_PATH=/tmp/cc-$v
  for mode in f8 tf32 3xtf32 f2; do
    case $mode in
      f8) X="--dtype f8";; tf32) X="--dtype f4 --precision tf32";; 3xtf32) X="--dtype f4 --precision 3xtf32";; f2) X="--dtype f2";;
    esac
    TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/c-$v $A bench matmul $X --shape $S --strategy auto --compare none --repeat 10 --format json 2>>$OUT/err.txt | sed "s/^{/{\"v\":\"$v\",\"mode\":\"$mode\",\"round\":$r,/" >> $OUT/all.jsonl
  done
  echo "$r $v $(( $(date +%s) - t0 )) s" >> $OUT/log.txt
done
done
for v in head new; do python3 docs/bench/h100-2026-11-25/tf32/sass.py /tmp/cc-$v /tmp/sass-$v matmul_even > $OUT/sass-$v.txt 2>&1; done
python3 - $OUT <<'PY' > $OUT/summary.txt
import json, sys
o = sys.argv[1]; r = {}
for l in open(f"{o}/all.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf": continue
    k = (x["mode"], "%dx%dx%d" % (x["m"], x["n"], x["k"]))
    r.setdefault(k, {}).setdefault(x["v"], []).append((x["gflops"] or 0) / 1e3 if x["check"] == "OK" else -1)
for k, v in r.items():
    print(k[0], k[1], " ".join("%s %s" % (n, "/".join("%.1f" % t for t in v.get(n, []))) for n in ("head", "new")))
PY
cat $OUT/log.txt $OUT/summary.txt; grep -h 'REG\|matmul_even' $OUT/sass-*.txt | head -20; head -c 600 $OUT/err.txt
