#!/usr/bin/env bash
# The skinny kernels (skinny=1) against the streaming kernel (skinny=-1), one
# build, auto otherwise: 22 shapes with a short side of 17 to 32 (seed 7) and
# ten named ones, 1- to 8-byte elements, alternating.
# Usage: sides17.sh BUILD OUTDIR [ROUNDS] (run in the repository root)
B=$1; O=$2; R=${3:-2}; mkdir -p $O
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/txfc-sk
T=$B/tools/txf/txf
SH=$(python3 -c "
import random
random.seed(7)
s=[]
for k in range(22):
    a=random.randint(17,32); b=int(10**random.uniform(2.5,5.3))
    s.append('%dx%d'%(a,b) if k%2==0 else '%dx%d'%(b,a))
s+=['8191x32','8192x32','32x8192','8192x20','20x8192','5000x29','29x5000','65536x17','17x65536','4045x20']
print(','.join(s))")
echo $SH > $O/shapes.txt
for r in $(seq 1 $R); do for dt in u1 u2 f4 f8; do for v in 1 -1; do
  $T bench transpose --dtype $dt --shape $SH --strategy auto --param skinny=$v --repeat 20 --compare blas --format json 2>/dev/null | grep '^{' > $O/$dt-$v-$r.jsonl
done; done; done
