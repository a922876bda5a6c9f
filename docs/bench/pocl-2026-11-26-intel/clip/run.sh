#!/usr/bin/env bash
# padcopy forced and auto on POCL (this machine): this tree (build/) against 82a37ab (/tmp/base/b), in
# turn, three rounds, f4 and f8 uneven shapes.
set -u
O=${1:-/tmp/pocl-clip}; rm -rf $O; mkdir -p $O
S=333x222x259,500x700x300,1000x999x100,777x1001x64,1023x1025x511
for R in 1 2 3; do
  for v in now h0; do
    if [ $v = h0 ]; then A=/tmp/base/b/tools/txf/txf; K=/tmp/base/cl; else A=build/tools/txf/txf; K=$PWD/cl; fi
    for dt in f4 f8; do
      TXF_TUNING=0 TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/pcache-$v $A bench matmul --shape $S --dtype $dt --strategy padcopy,auto --repeat 7 --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,|" >> $O/mm.jsonl
    done
  done
done
