#!/usr/bin/env bash
# surf.sh TXF OUT ROUNDS: this tree's surface on POCL (the CPU): transposes of four element sizes against the copy
# and OpenBLAS's omatcopy, f32 and f64 products against OpenBLAS, in the same process; rounds in turn.
set -u
T=$1 O=$2 R=$3
export POCL_AFFINITY=1 TXF_TUNING=0
NT=2048x2048,4093x4099,4096x4096,1024x1024,3x300000,300000x3,20x4045,4045x20,7x777777
NM=1024x1024x1024,999x666x777,2048x2048x2048,3000x2000x1000,64x5000x64,64x64x50000,1x4096x4096,4096x1x4096
for r in $(seq "$R"); do
  for dt in u1 u2 f4 f8; do
    for s in "--sweep 20 --seed 1501 --sweep-range 16:4096" "--sweep 16 --seed 1502 --sweep-range 256:6000" "--shape $NT"; do
      timeout 300 $T bench transpose --dtype $dt $s --strategy auto --compare blas --repeat 10 --format json 2>>$O/err.txt | sed "s|^{|{\"round\":$r,|" >> $O/tr.jsonl
    done
    echo "tr $r $dt $(date +%T)" >> $O/progress.txt
  done
  for dt in f4 f8; do
    for s in "--sweep 24 --seed 1521 --sweep-range 1:4096" "--shape $NM"; do
      timeout 600 $T bench matmul --dtype $dt $s --strategy auto --compare blas --repeat 5 --format json 2>>$O/err.txt | sed "s|^{|{\"round\":$r,|" >> $O/mm.jsonl
    done
    echo "mm $r $dt $(date +%T)" >> $O/progress.txt
  done
done
