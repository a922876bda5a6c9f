#!/bin/bash
# f64 auto, 948e825 (old) and this tree (new) in turn on a third unseen sample (sweep 1213), two rounds;
# skinny and named transposes of 16-byte elements, three rounds; cuBLAS beside.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v2
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
SECONDS=0
J="--strategy auto --compare none --format json"
for round in 1 2; do
  order="old new"; [ $round = 2 ] && order="new old"
  for tree in $order; do
    TXF_CACHE_DIR=/tmp/c-$tree timeout 90 $D/$tree/tools/txf/txf bench matmul --sweep 24 --seed 1213 --sweep-range 256:8192 --dtype f8 $J --repeat 7 2>>$OUT/err.txt | sed "s|^{|{\"tree\":\"$tree\",\"round\":$round,|" >> $OUT/f64.jsonl
  done
  echo "f64 $round $SECONDS" >> $OUT/progress.txt
done
for round in 1 2 3; do
  TXF_CACHE_DIR=/tmp/c-new timeout 60 $D/new/tools/txf/txf bench transpose --dtype c16 --shape 3x1000000,1000000x3,13x555555,333333x17,7x777777,600000x9,16384x16384,16383x16385 $J 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,|" >> $OUT/tr.jsonl
  echo "tr $round $SECONDS" >> $OUT/progress.txt
done
timeout 150 python3 $D/torch_mm.py $OUT/f64.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/f64.jsonl $OUT/tr.jsonl
