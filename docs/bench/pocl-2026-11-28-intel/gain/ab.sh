#!/usr/bin/env bash
# OLD (build, cl) and NEW in turn, auto with OpenBLAS beside, R rounds.
set -u
OT=$1 OC=$2 NT=$3 NC=$4 R=${5:-2}
export POCL_AFFINITY=1 TXF_TUNING=0
N4=1024,1536,2048,2560,3000x2000x1000,2048x512x2048,999x666x777,1500x3000x800,2500x1200x1800,700x900x1200,4000x300x2000,512,768,1200x800x600,600x600x2500,384x2000x2000
for r in $(seq "$R"); do
  for side in old new; do
    if [ $side = old ]; then T=$OT C=$OC; else T=$NT C=$NC; fi
    for dt in f4 f8; do
      for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--sweep 16 --seed 23 --sweep-range 16:2048" "--shape $N4"; do
        TXF_KERNEL_PATH=$C $T bench matmul --dtype $dt $s --strategy auto --compare blas --repeat 7 --format json | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|"
      done
    done
  done
done
