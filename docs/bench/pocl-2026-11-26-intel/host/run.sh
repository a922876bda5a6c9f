#!/usr/bin/env bash
# POCL (this machine): 4b79861 (/tmp/old) against this tree, in turn, three rounds: small
# transposes (f4, u1, u2, skinny) and small products, auto, fastest per shape.
set -u
O=${OUT:-data}; mkdir -p $O; : > $O/all.jsonl
T="--shape 64x64,256x256,512x512,700x1000,1000x1000,3x100000,100000x3,33x4097"
M="--shape 64x64x64,128x128x128,256x256x256,300x200x100,64x2000x64,999x666x777,1024x1024x1024"
for R in 1 2 3; do
  for v in now old; do
    if [ $v = old ]; then A=/tmp/old/bld/tools/txf/txf; K=/tmp/old/cl; else A=$PWD/.device-build/tools/txf/txf; K=$PWD/cl; fi
    for dt in f4 u1 u2; do
      TXF_TUNING=0 TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/pc-$v $A bench transpose --dtype $dt $T --repeat 15 --strategy auto --compare none --format json 2>/dev/null | sed "s|^{|{\"b\":\"$v\",\"round\":$R,|" >> $O/all.jsonl
    done
    TXF_TUNING=0 TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/pc-$v $A bench matmul $M --repeat 9 --strategy auto --compare none --format json 2>/dev/null | sed "s|^{|{\"b\":\"$v\",\"round\":$R,|" >> $O/all.jsonl
  done
done
