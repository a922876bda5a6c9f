#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/after-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/$D/after-cl TXF_CACHE_DIR=/tmp/cache-after
for r in 1 2; do
$A bench transpose --shape 839x6956,6956x839,337x8191,512x6957,1023x6957,2047x6957,4095x6957,700x20001,20001x700,1500x3001 --strategy pad,truncate,split --format json > $OUT/wide-$r.jsonl 2>>$OUT/err.txt
done
python3 - <<'PY'
import json, os, glob
for f in sorted(glob.glob(os.environ['OUT'] + '/wide-*.jsonl')):
    for l in open(f):
        x = json.loads(l)
        if x.get('impl') != 'txf': continue
        p = {k: v for k, v in (x.get('params') or {}).items() if v}
        print(os.path.basename(f), '%dx%d' % (x['rows'], x['cols']), x['strategy'], p, '%.3f' % (x.get('ratio') or 0))
PY
