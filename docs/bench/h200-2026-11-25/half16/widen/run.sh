#!/usr/bin/env bash
# f2: auto (pairs) against pad (widening, then f32 tf32 on the units), small and skinny shapes
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
S=64x50000x64,50000x64x64,64x64x50000,128x8192x128,8192x128x8192,1000x1000x1000,999x666x777,512x512x512,256x256x256,3000x5000x700,2048x2048x2048,300x300x3000,8192x8192x64
for st in auto pad split; do
  timeout 100 $A bench matmul --dtype f2 --shape $S --strategy $st --compare none --format json 2>>$OUT/err.txt > $OUT/$st.jsonl
done
timeout 100 $A bench matmul --dtype f2 --sweep 16 --seed 3 --sweep-range 64:8192 --strategy auto,pad --compare none --format json 2>>$OUT/err.txt > $OUT/sweep.jsonl
python3 - $OUT <<'PY'
import json,sys,glob,collections
r=collections.defaultdict(dict)
for f in glob.glob(sys.argv[1]+"/*.jsonl"):
  for l in open(f):
    x=json.loads(l)
    if x.get('impl')!='txf' or 'm' not in x: continue
    s="%dx%dx%d"%(x['m'],x['n'],x['k'])
    r[s][x['strategy']]=(round((x['gflops'] or 0)/1000,2), x['check'], x.get('chosen'), (x.get('params') or {}).get('mma'), (x.get('params') or {}).get('ksplit'))
for s,v in r.items(): print(s, v)
PY
timeout 200 $D/tests/test_context > $OUT/test_context.txt 2>&1; echo "test_context rc $?"
