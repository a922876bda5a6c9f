#!/bin/bash
# K slices summed by each block's last work-group (ksum 2) against a launch of their own (ksum 1): (1) forced, the
# 128 x 128 x 8 three-stage set packed (padcopy), 1 to 8 slices, 16 products; (2) auto with ksum forced to 1 and to
# 2 (the model weighing the in-kernel sum's traffic at sum_bytes_s), in turn, two rounds, 104 products (the sweeps
# 501, 511, 512, 521 and the named shapes of ../../h200-2026-11-29b/val2); then cuBLAS on all of them.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/ksum  # new/: slim release build of this tree
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
for round in 1 2; do
  for v in 1 2; do
    for s in "--sweep 24 --seed 501 --sweep-range 1024:8192" "--sweep 24 --seed 511 --sweep-range 1024:8192" "--sweep 20 --seed 512 --sweep-range 256:8192" "--sweep 20 --seed 521 --sweep-range 1024:8192" "--shape 1024x1024x1024,1000x1000x1000,2048x2048x2048,4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,3000x5000x700,2120x3885x4756,6050x462x7367,5727x4226x92,1965x3442x2289,1718x1282x1156,2312x1335x1057,1643x1533x1911,5821x8196x33,10467x4157x116"; do
      TXF_CACHE_DIR=/tmp/c-a timeout 120 $T bench matmul $s --strategy auto --param ksum=$v --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"v\":\"$v\",|" >> $OUT/mdl.jsonl
    done
    echo "$round $v $SECONDS" >> $OUT/progress.txt
  done
done
timeout 240 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mdl.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $? $SECONDS" >> $OUT/progress.txt
gzip $OUT/mdl.jsonl $OUT/forced.jsonl
