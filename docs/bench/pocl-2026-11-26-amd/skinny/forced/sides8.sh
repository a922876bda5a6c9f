#!/usr/bin/env bash
# The same for short sides of 8 (f8) or 16 (f4) to 16 (seed 11), where the
# entries before this tree streamed.
# Usage: sides8.sh BUILD OUTDIR [ROUNDS] (run in the repository root)
B=$1; O=$2; R=${3:-2}; mkdir -p $O
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/txfc-sk
T=$B/tools/txf/txf
for dt in f4 f8; do
SH=$(python3 -c "
import random
random.seed(11)
lo={'f4':16,'f8':8}['$dt']
s=[]
for k in range(24):
    a=random.randint(lo,16); b=int(10**random.uniform(2.5,5.3))
    s.append('%dx%d'%(a,b) if k%2==0 else '%dx%d'%(b,a))
s+=['8192x16','16x8192','125000x8','8x125000','65536x12','12x65536']
print(','.join(s))")
for r in $(seq 1 $R); do for v in 1 -1; do
  $T bench transpose --dtype $dt --shape $SH --strategy auto --param skinny=$v --repeat 20 --compare blas --format json 2>/dev/null | grep '^{' > $O/$dt-$v-$r.jsonl
done; done; done
