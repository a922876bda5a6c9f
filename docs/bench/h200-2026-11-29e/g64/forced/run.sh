#!/bin/bash
# f32 block sets of 64 and 128 work-items (cuBLAS's tiles at mid sizes: 64 x 64, 64 x 128, 128 x 64 with
# four warps, K steps of 8 in three stages) against the 128 x 128 and 128 x 64 sets of 256, forced with 1 and 3
# K slices on mid-size products; auto and cuBLAS beside; then ks 1 fit data on sweeps 601 and 602.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/s128
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
S=1078x1074x1328,1029x1182x1801,1245x1655x1174,1083x2233x2175,2366x1704x1450,3934x1086x1395,1643x1533x1911,2312x1335x1057,1180x3368x3559,1963x2075x3260,1097x3232x2494,2177x1440x7254,747x2294x326,476x7828x792,4068x914x265,2600x363x497,365x1965x269,1000x1000x1000,999x666x777,3002x785x1300,1695x7287x1948,2469x1246x1753,2048x2048x2048,4096x4096x4096,1500x1500x1500
SETS="C128p padcopy 128,128,8,16,16,2,2 lbuf=3
C64p padcopy 128,64,8,16,16,2,2 lbuf=3
P64a padcopy 64,64,8,8,16,2,2 lbuf=3
P64b padcopy 64,64,8,16,8,2,2 lbuf=3
P64s padcopy 64,64,8,8,8,2,2 lbuf=3
P6412 padcopy 64,128,8,8,16,2,2 lbuf=3
P1264 padcopy 128,64,8,16,8,2,2 lbuf=3
P128a padcopy 128,128,8,16,8,2,2 lbuf=3
P128b padcopy 128,128,8,8,16,2,2 lbuf=3
U64a pad 64,64,16,8,16,2,2 lbuf=0
U6412 pad 64,128,16,8,16,2,2 lbuf=0
U1264 pad 128,64,16,16,8,2,2 lbuf=0"
echo "$SETS" | while read name st p l; do
  for ks in 1 3; do
    TXF_CACHE_DIR=/tmp/c-$name timeout 60 $T bench matmul --shape $S --strategy $st --params $p --param $l --param ksplit=$ks --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"$name\",\"ks\":$ks,|" >> $OUT/x.jsonl
  done
  echo "$name $SECONDS" >> $OUT/progress.txt
done
TXF_CACHE_DIR=/tmp/c-auto timeout 60 $T bench matmul --shape $S --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"auto\",\"ks\":0,|" >> $OUT/x.jsonl
echo "auto $SECONDS" >> $OUT/progress.txt
timeout 100 python3 $D/torch_mm.py $OUT/x.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
echo "$SETS" | while read name st p l; do
  for SW in "--sweep 32 --seed 601 --sweep-range 512:8192" "--sweep 32 --seed 602 --sweep-range 1024:8192"; do
    [ $SECONDS -gt 530 ] && break
    TXF_CACHE_DIR=/tmp/c-$name timeout 60 $T bench matmul $SW --strategy $st --params $p --param $l --param ksplit=1 --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":1,\"set\":\"$name\",|" >> $OUT/fit.jsonl
  done
  echo "fit $name $SECONDS" >> $OUT/progress.txt
done
gzip $OUT/x.jsonl $OUT/fit.jsonl
