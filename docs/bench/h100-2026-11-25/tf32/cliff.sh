#!/usr/bin/env bash
# The sweep's 3xtf32 outlier (121 x 311 x 6128) and its neighbours: auto,
# and forced K slices, exact / 3xtf32 / tf32, twice each.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-cl
S=121x311x6128,128x320x6144,121x311x3000,256x256x8192,115x140x3476
for r in 1 2; do for p in exact 3xtf32 tf32; do
  $A bench matmul --dtype f4 --shape $S --strategy auto --precision $p --compare none --repeat 20 --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"auto-$p-$r\",/" >> $OUT/cl.jsonl
done; done
for ks in 1 8 16 32 64; do for p in 3xtf32 tf32; do
  $A bench matmul --dtype f4 --shape 121x311x6128 --strategy pad --param ksplit=$ks --precision $p --compare none --repeat 20 --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"ks$ks-$p\",/" >> $OUT/cl.jsonl
done; done
python3 -c "
import json
for l in open('$OUT/cl.jsonl'):
    x=json.loads(l)
    if x.get('impl')!='txf': continue
    p=x['params']; print(x['cfg'], x['m'],x['n'],x['k'], x['chosen'], p['mwg'],p['nwg'],p['ksplit'],p['mma'], round(x['median_ms'],4), round(x['min_ms'],4), x['check'])
"
tail -3 $OUT/err.txt
