#!/bin/bash
# The 64 x 64 set of 64 work-items in the cost model: auto of this tree (new/) and of 0dcf248 (old/) in turn,
# two rounds, on sweeps of seeds 1001-1003 (never used before) and named products, cuBLAS (PyTorch, TF32 off) in the
# same call; then variants of the set forced (K steps of 16, four stages, 64 x 32 and 32 x 64 of 32 work-items).
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v64
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
SECONDS=0
N=4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,1024x1024x1024,2048x2048x2048,3000x5000x700,1500x1500x1500,1066x2462x276,3934x1086x1395,6050x462x7367,2000x640x300,64x50000x64,64x64x50000,8192x128x8192,512x512x512,768x768x768
for round in 1 2; do
  for tree in old new; do
    T=$D/$tree/tools/txf/txf
    for S in "--shape $N" "--sweep 32 --seed 1001 --sweep-range 512:8192" "--sweep 32 --seed 1002 --sweep-range 1024:4096" "--sweep 32 --seed 1003 --sweep-range 64:8192"; do
      TXF_CACHE_DIR=/tmp/c-$tree timeout 90 $T bench matmul $S --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"tree\":\"$tree\",|" >> $OUT/val.jsonl
    done
    echo "$round $tree $SECONDS" >> $OUT/progress.txt
  done
done
timeout 150 python3 $D/torch_mm.py $OUT/val.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
S=1078x1074x1328,1029x1182x1801,1245x1655x1174,1083x2233x2175,2366x1704x1450,3934x1086x1395,1643x1533x1911,2312x1335x1057,1180x3368x3559,1963x2075x3260,1097x3232x2494,2177x1440x7254,747x2294x326,476x7828x792,4068x914x265,2600x363x497,365x1965x269,1000x1000x1000,999x666x777,3002x785x1300,1695x7287x1948,2469x1246x1753,2048x2048x2048,4096x4096x4096,1500x1500x1500
SETS="P64s padcopy 64,64,8,8,8,2,2 lbuf=3
K16 padcopy 64,64,16,8,8,2,2 lbuf=3
L4 padcopy 64,64,8,8,8,2,2 lbuf=4
W32 padcopy 64,32,8,8,4,2,2 lbuf=3
H32 padcopy 32,64,8,4,8,2,2 lbuf=3"
echo "$SETS" | while read name st p l; do
  for ks in 1 3; do
    [ $SECONDS -gt 560 ] && break
    TXF_CACHE_DIR=/tmp/c-$name timeout 60 $D/new/tools/txf/txf bench matmul --shape $S --strategy $st --params $p --param $l --param ksplit=$ks --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"$name\",\"ks\":$ks,|" >> $OUT/x.jsonl
  done
  echo "$name $SECONDS" >> $OUT/progress.txt
done
gzip $OUT/val.jsonl $OUT/x.jsonl
