#!/usr/bin/env bash
# The tree before (OLD: its build and cl/) and this one in turn, auto with
# OpenBLAS beside, POCL's threads pinned; then padcopy and pad forced in
# both. Usage: ab.sh OLD_TXF OLD_CL NEW_TXF NEW_CL ROUNDS > out.jsonl
set -u
OT=$1 OC=$2 NT=$3 NC=$4 R=${5:-3}
export POCL_AFFINITY=1 TXF_TUNING=0
F4=1024,1536,2048,2560,3000x2000x1000,2048x512x2048,999x666x777,1500x3000x800,2500x1200x1800,700x900x1200,4000x300x2000,512,768
F8=1024,1536,2048,3000x2000x1000,999x666x777,700x900x1200
for r in $(seq "$R"); do
  for side in old new; do
    if [ $side = old ]; then T=$OT C=$OC; else T=$NT C=$NC; fi
    for dt in f4 f8; do
      S=$F4; [ $dt = f8 ] && S=$F8
      TXF_KERNEL_PATH=$C $T bench matmul --shape $S --dtype $dt --strategy auto,padcopy,pad \
        --compare blas --format json | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|"
    done
  done
done
