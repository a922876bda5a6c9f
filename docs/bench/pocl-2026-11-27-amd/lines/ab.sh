#!/usr/bin/env bash
# ab.sh OLD_BUILD NEW_BUILD OUT: transposes with auto (TXF_TUNING=0), the build before and this
# tree in turn, three rounds, each with this checkout's kernels: sweeps of seed 1 (20 shapes, 16
# to 4096 per side) and named shapes, 1- to 16-byte elements. `summ.py OUT`. From the
# checkout's root.
set -u
A=$1 B=$2 O=$3
export TXF_KERNEL_PATH=$PWD/cl TXF_TUNING=0
NAMED=700x1000,1024x1024,1001x1001,1536x1536,2048x2048,2560x2560,3001x2999,4093x4099,4096x4096
for r in 1 2 3; do for v in old new; do
  [ $v = old ] && T=$A || T=$B
  for d in u1 f2 f4 f8 c16; do
    for a in "--sweep 20 --seed 1 --sweep-range 16:4096" "--shape $NAMED"; do
      $T/tools/txf/txf bench transpose --dtype $d $a --strategy auto --repeat 10 --format json 2>/dev/null |
        sed "s/^{/{\"v\":\"$v\",\"r\":$r,/" >> $O
    done
  done
done; done
