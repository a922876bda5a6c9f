#!/usr/bin/env bash
# run.sh OLD NEW OUT [ROUNDS]: transposes with auto (TXF_TUNING=0), the build OLD with the kernels
# of its own checkout (OLD/../cl or $OLD_CL) and the build NEW with this checkout's cl/, in turn,
# ROUNDS rounds (default 3): sweeps of seeds 1 and 2 (20 shapes each, 16 to 4096 per side) and
# named shapes, 1- to 8-byte elements; the copy and, for 4- and 8-byte elements, OpenBLAS's
# ?omatcopy in the same runs. `summ.py OUT`. From the checkout's root. POCL_MAX_PTHREAD_COUNT=1
# in the environment runs POCL on one thread (its second thread joins short kernels at random).
set -u
OLD=$1 NEW=$2 O=$3 R=${4:-3}
OLD_CL=${OLD_CL:-$OLD/../cl}
export TXF_TUNING=0 POCL_AFFINITY=1
NAMED=3x300000,300000x3,20x4045,4045x20,700x1000,1024x1024,1001x1001,2048x2048,3001x2999,4093x4099,4096x4096,65x302,145x183
for r in $(seq $R); do for v in old new; do
  if [ $v = old ]; then B=$OLD K=$OLD_CL; else B=$NEW K=$PWD/cl; fi
  for d in u1 f2 f4 f8; do
    for a in "--sweep 20 --seed 1 --sweep-range 16:4096" "--sweep 20 --seed 2 --sweep-range 16:4096" "--shape $NAMED"; do
      TXF_KERNEL_PATH=$K $B/tools/txf/txf bench transpose --dtype $d $a --strategy auto --repeat 10 --format json 2>/dev/null |
        sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
    done
  done
done; done
