#!/usr/bin/env bash
# C's store form chosen by a K slice's length instead of the whole K (lib1) against the tree before
# (lib0), in turn, two rounds, auto: 30 products of m 64 to 2048, n 33 to 1024, k 1000 to 30000
# (seed 2813) and a sweep of seed 153 (64 to 8192); cuBLAS last. lib0: libtiledxform.so* of 9b373c0;
# lib1: the same with slice_k.patch.
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export TXF_CACHE_DIR=/tmp/cache TXF_KERNEL_PATH=$PWD/cl
O=/tmp/o; rm -rf $O; mkdir -p $O
for r in 1 2; do for v in v0 v1; do
  lib=$D/lib1; [ $v = v0 ] && lib=$D/lib0
  for a in "--shape $(cat $D/shapes.txt)" "--sweep 30 --seed 153 --sweep-range 64:8192"; do
    LD_LIBRARY_PATH=$lib:$B/libs:$NV timeout 150 $B/tools/txf/txf bench matmul $a --strategy auto --compare none --repeat 10 --format json |
      sed "s|^{|{\"v\":\"$v\",\"r\":$r,|" >> $O/mm.jsonl 2>>$O/err.txt
  done; echo "$r $v $SECONDS" >> $O/progress.txt
done; done
timeout 120 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
