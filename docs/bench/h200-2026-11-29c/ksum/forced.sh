#!/bin/bash
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/ksum
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
F=1718x1282x1156,1643x1533x1911,1695x7287x1948,1963x2075x3260,4641x1146x1029,1090x3324x1500,1041x6256x1793,2628x1197x4875,1000x1000x1000,2048x2048x2048,4096x4096x4096,3000x5000x700,1316x2464x3021,2222x1939x7219,540x3681x2980,999x666x777
P="--strategy padcopy --params 128,128,8,16,16,2,2 --param lbuf=3"
TXF_CACHE_DIR=/tmp/c-f timeout 150 $T bench matmul --shape $F $P --param ksplit=1 --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"ks\":1,\"ksum\":1,|" >> $OUT/forced.jsonl
for ks in 2 3 4 6 8; do
  for ksum in 1 2; do
    TXF_CACHE_DIR=/tmp/c-f timeout 150 $T bench matmul --shape $F $P --param ksplit=$ks --param ksum=$ksum --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"ks\":$ks,\"ksum\":$ksum,|" >> $OUT/forced.jsonl
  done
  echo "forced $ks $SECONDS" >> $OUT/progress.txt
done
gzip $OUT/forced.jsonl
