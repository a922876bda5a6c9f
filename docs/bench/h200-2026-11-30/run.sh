#!/bin/bash
# 1) f64 auto: 948e825 (old) against this tree (new, the f64 cost model) in turn, two rounds, on products no
#    fit has seen (sweeps 1211, 1212, named), cuBLAS beside. 2) This tree's surface: sgemm (sweeps 1301, 1302,
#    named and skinny) with cuBLAS, transposes of five element sizes (sweeps 1305, 1306, named, skinny) against
#    the copy in the same process.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v2
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
SECONDS=0
J="--strategy auto --compare none --format json"
N64=4096x4096x4096,8192x8192x8192,4093x4093x4093,3000x5000x700,1000x1000x1000,2048x2048x2048,999x666x777
for round in 1 2; do
  order="old new"; [ $round = 2 ] && order="new old"
  for tree in $order; do
    for SW in "--sweep 24 --seed 1211 --sweep-range 512:8192" "--sweep 20 --seed 1212 --sweep-range 64:2048" "--shape $N64"; do
      TXF_CACHE_DIR=/tmp/c-$tree timeout 90 $D/$tree/tools/txf/txf bench matmul $SW --dtype f8 $J --repeat 7 2>>$OUT/err.txt | sed "s|^{|{\"tree\":\"$tree\",\"round\":$round,|" >> $OUT/f64.jsonl
    done
    echo "f64 $round $tree $SECONDS" >> $OUT/progress.txt
  done
done
A=$D/new/tools/txf/txf
export TXF_CACHE_DIR=/tmp/c-new
timeout 100 $A bench matmul --sweep 24 --seed 1301 --sweep-range 1024:8192 $J > $OUT/mm.jsonl 2>>$OUT/err.txt
timeout 80 $A bench matmul --sweep 24 --seed 1302 --sweep-range 16:8192 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt
timeout 80 $A bench matmul --shape 4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000,24x7001x5003,7001x5003x24,120x9000x3000 $J >> $OUT/mm.jsonl 2>>$OUT/err.txt
echo "mm $SECONDS" >> $OUT/progress.txt
for dt in f4 u1 u2 f8 c16; do
  [ $SECONDS -gt 420 ] && break
  timeout 40 $A bench transpose --sweep 14 --seed 1305 --sweep-range 1024:16384 --dtype $dt $J >> $OUT/tr.jsonl 2>>$OUT/err.txt
  timeout 30 $A bench transpose --sweep 14 --seed 1306 --sweep-range 64:8192 --dtype $dt $J >> $OUT/tr.jsonl 2>>$OUT/err.txt
  timeout 30 $A bench transpose --dtype $dt --shape 4096x4096,8191x8193,16384x16384,16383x16385,3x1000000,1000000x3,13x555555,333333x17 $J >> $OUT/tr.jsonl 2>>$OUT/err.txt
  echo "tr $dt $SECONDS" >> $OUT/progress.txt
done
timeout $((580 - SECONDS)) python3 $D/torch_mm.py $OUT/f64.jsonl $OUT/mm.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/f64.jsonl $OUT/mm.jsonl $OUT/tr.jsonl
