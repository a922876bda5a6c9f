#!/usr/bin/env bash
# Skinny transposes on POCL, the build before and this tree alternating, auto,
# built-in table: 30 shapes with a short side of 8 to 32 (seed 5; long sides
# log-uniform from 300 to 300000, rows and columns short in turn) and ten
# named ones, per element type, against the copy and the host BLAS's
# ?omatcopy (f4, f8). Usage: run.sh OLD_BUILD OLD_KERNELS NEW_BUILD NEW_KERNELS
# OUTDIR [ROUNDS] (release builds with -Dblas=enabled; KERNELS: their cl/)
set -u
OB=$1 OK=$2 NB=$3 NK=$4 O=$5 R=${6:-3}
mkdir -p "$O"
export TXF_TUNING=0
SWEEP=$(python3 -c "
import random
random.seed(5)
s = []
for k in range(30):
    a = random.randint(8, 32); b = int(10 ** random.uniform(2.5, 5.5))
    s.append('%dx%d' % ((a, b) if k % 2 == 0 else (b, a)))
print(','.join(s))")
NAMED=20x4045,4045x20,17x30011,30011x17,32x8192,8192x32,24x100000,100000x24,16x262144,262144x16
echo "sweep $SWEEP" > "$O/shapes.txt"
echo "named $NAMED" >> "$O/shapes.txt"
t0=$(date +%s)
for r in $(seq 1 "$R"); do
  for v in old new; do
    if [ $v = old ]; then B=$OB K=$OK; else B=$NB K=$NK; fi
    for dt in u1 u2 f4 f8 c16; do
      for set in sweep named; do
        if [ $set = sweep ]; then S=$SWEEP; else S=$NAMED; fi
        TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-sk-$v $B/tools/txf/txf bench transpose \
          --dtype $dt --shape "$S" --strategy auto --compare blas --repeat 20 \
          --format json > "$O/$set-$dt-$v-$r.jsonl"
      done
    done
    echo "round $r $v $(( $(date +%s) - t0 )) s"
  done
done
