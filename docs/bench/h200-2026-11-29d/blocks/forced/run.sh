#!/bin/bash
# Block sets between the model's: 96 x 128, 128 x 96, 96 x 96, 64 x 128 (forced, pad and padcopy, one K slice and
# the device's), against the 128 x 128 and 128 x 64 sets and auto; two rounds; then cuBLAS.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/blk  # new/: slim release build of 31f2ff9
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
F=1695x7287x1948,2312x1335x1057,1963x2075x3260,2586x1191x2290,2489x1175x4436,1718x1282x1156,1643x1533x1911,4641x1146x1029,1090x3324x1500,1041x6256x1793,2628x1197x4875,1000x1000x1000,2048x2048x2048,4096x4096x4096,1316x2464x3021,2222x1939x7219
G=3072x3072x2048,6144x4608x2048,4608x6144x2048,1536x1536x4096,3072x1536x3072,1536x3072x3072,6144x6144x1024,2304x2304x2304
SETS="C128 128,128,8,16,16,2,2 lbuf=3
C64 128,64,8,16,16,2,2 lbuf=3
M96 96,128,8,16,16,1,2 lbuf=3
M96k 96,128,16,16,16,2,2 lbuf=3
N96 128,96,8,16,16,2,1 lbuf=3
N96k 128,96,16,16,16,2,2 lbuf=3
Q96 96,96,8,16,16,1,1 lbuf=3
W64 64,128,8,16,16,2,2 lbuf=3
U96 96,128,16,16,16,2,2 lbuf=1
V96 128,96,16,16,16,2,2 lbuf=1"
echo "$SETS" | while read name p l; do
  XCLOPT="-cl-nv-verbose" XCLLOG=$OUT/regs.txt LD_PRELOAD=$D/shim.so TXF_CACHE_DIR=/tmp/c-r timeout 60 $T bench matmul --shape 1000x1000x1000 --strategy pad,padcopy --params $p --param $l --compare none --repeat 1 >> $OUT/regs-runs.txt 2>&1
  echo "== $name $p $l" >> $OUT/regs.txt
done
echo "regs $SECONDS" >> $OUT/progress.txt
for round in 1 2; do
  [ $round = 2 ] && [ $SECONDS -gt 300 ] && break
  echo "$SETS" | while read name p l; do
    for ks in 1 0; do
      TXF_CACHE_DIR=/tmp/c-$name timeout 100 $T bench matmul --shape $F,$G --strategy padcopy --params $p --param $l --param ksplit=$ks --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"set\":\"$name\",\"ks\":$ks,|" >> $OUT/blk.jsonl
    done
    echo "$round $name $SECONDS" >> $OUT/progress.txt
  done
  TXF_CACHE_DIR=/tmp/c-auto timeout 100 $T bench matmul --shape $F,$G --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"set\":\"auto\",\"ks\":0,|" >> $OUT/blk.jsonl
  echo "$round auto $SECONDS" >> $OUT/progress.txt
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/blk.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $? $SECONDS" >> $OUT/progress.txt
gzip $OUT/blk.jsonl
