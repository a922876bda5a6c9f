#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build
B=$D/before-build/examples/txf; A=$D/after-build/tools/txf/txf
for round in 1 2 3; do for v in before after; do
	export TXF_KERNEL_PATH=$PWD/$D/$v-cl TXF_CACHE_DIR=/tmp/cache-$v
	txf=$B; [ $v = after ] && txf=$A
	$txf bench transpose --shape 4096x4096,8191x8193,16384x16384,16383x16385 --strategy auto --in-place --format json > $OUT/tr-$v-$round.jsonl 2>>$OUT/err.txt
	$txf bench matmul --shape 4096,8192,4093,8191x8193x4097,999x666x777,1000 --strategy auto --compare none --repeat 20 --format json > $OUT/mm-$v-$round.jsonl 2>>$OUT/err.txt
done; done
python3 - <<'PY'
import json, glob, os, statistics
out = os.environ['OUT']
res = {}
for f in sorted(glob.glob(out + '/*-*-*.jsonl')):
    kind, v, r = os.path.basename(f)[:-6].split('-')
    for l in open(f):
        try: x = json.loads(l)
        except Exception: continue
        if x.get('impl') != 'txf': continue
        key = (kind, x.get('rows', x.get('m')), x.get('cols', x.get('n')), x.get('k', ''), x.get('strategy'))
        res.setdefault(key, {}).setdefault(v, []).append(x.get('ratio') if kind == 'tr' else x.get('gflops'))
for key in sorted(res, key=str):
    d = res[key]
    b, a = d.get('before', []), d.get('after', [])
    mb, ma = (statistics.median(b) if b else 0), (statistics.median(a) if a else 0)
    print(key[0], 'x'.join(str(k) for k in key[1:4] if k != ''), key[4], 'before', ' '.join('%.4g' % v for v in b), '| after', ' '.join('%.4g' % v for v in a), '| after/before %.3f' % (ma / mb if mb else 0))
PY
