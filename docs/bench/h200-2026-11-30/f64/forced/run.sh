#!/bin/bash
# f64 products on the matrix units, forced: the entry's 128 x 64 blocks of four warps (pad and padcopy) and
# 64 x 64 of two (padcopy), each with 1, 2, 3, 4 and 6 K slices; auto beside; cuBLAS (PyTorch) in the same call.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/f64
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
S=1078x1074x1328,1245x1655x1174,2366x1704x1450,3934x1086x1395,1643x1533x1911,2312x1335x1057,1180x3368x3559,1963x2075x3260,747x2294x326,1000x1000x1000,3002x785x1300,1695x7287x1948,2048x2048x2048,4096x4096x4096,1500x1500x1500,3000x5000x700
SETS="D128u pad 128,64,8,8,16,2,2
D128p padcopy 128,64,8,8,16,2,2
D64p padcopy 64,64,8,4,16,2,2"
for SW in "--shape $S" "--sweep 32 --seed 1201 --sweep-range 512:6000"; do
echo "$SETS" | while read name st p; do
  for ks in 1 2 3 4 6; do
    [ $SECONDS -gt 480 ] && break
    TXF_CACHE_DIR=/tmp/c-$name timeout 60 $T bench matmul $SW --dtype f8 --strategy $st --params $p --param lbuf=4 --param mma=3 --param ksplit=$ks --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"$name\",\"ks\":$ks,|" >> $OUT/x.jsonl
  done
  echo "$name $SECONDS" >> $OUT/progress.txt
done
TXF_CACHE_DIR=/tmp/c-auto timeout 60 $T bench matmul $SW --dtype f8 --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"auto\",\"ks\":0,|" >> $OUT/x.jsonl
echo "auto $SECONDS" >> $OUT/progress.txt
done
timeout 100 python3 $D/torch_mm.py $OUT/x.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/x.jsonl
