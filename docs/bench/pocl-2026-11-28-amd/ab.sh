#!/usr/bin/env bash
# ab.sh OLD_TXF OLD_CL NEW_TXF NEW_CL ROUNDS OUT: transposes old/new in turn; products new only
# (PRODUCTS=0: transposes only)
set -u
OT=$1 OC=$2 NT=$3 NC=$4 R=$5 O=$6
export POCL_AFFINITY=1 TXF_TUNING=0
NT_SHAPES=3x300000,300000x3,20x4045,4045x20,700x1000,1024x1024,1001x1001,2048x2048,3001x2999,4093x4099,4096x4096
N4=1024,1536,2048,2560,3000x2000x1000,2048x512x2048,999x666x777,1500x3000x800,2500x1200x1800,700x900x1200,4000x300x2000,512,768,1200x800x600,600x600x2500,384x2000x2000
for r in $(seq "$R"); do
  for side in old new; do
    if [ $side = old ]; then T=$OT C=$OC; else T=$NT C=$NC; fi
    for dt in u1 u2 f4 f8; do
      for s in "--sweep 20 --seed 1 --sweep-range 16:4096" "--sweep 20 --seed 2 --sweep-range 16:4096" "--shape $NT_SHAPES"; do
        TXF_KERNEL_PATH=$C $T bench transpose --dtype $dt $s --strategy auto --compare blas --repeat 10 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|" >> $O/tr.jsonl
      done
    done
    echo "tr round $r $side $(date +%T)" >> $O/progress.txt
  done
done
[ "${PRODUCTS:-1}" = 0 ] && exit 0
for dt in f4 f8; do
  for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--shape $N4"; do
    TXF_KERNEL_PATH=$NC $NT bench matmul --dtype $dt $s --strategy auto --compare blas --repeat 5 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"new\",\"round\":1,|" >> $O/mm.jsonl
    echo "mm $dt $s $(date +%T)" >> $O/progress.txt
  done
done
