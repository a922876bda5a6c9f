#!/usr/bin/env bash
# POCL products against OpenBLAS, with the settle wait (new) and without (old), in turn
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
T=${T:-./exp/rel/tools/txf/txf} O=${O:-$(dirname "$0")}

N4=1024,1536,2048,2560,3000x2000x1000,2048x512x2048,999x666x777,1500x3000x800,2500x1200x1800,700x900x1200,4000x300x2000,512,768,1200x800x600,600x600x2500,384x2000x2000
for r in 1 2; do for v in old new; do
  if [ $v = old ]; then export TXF_X_NOSETTLE=1; else unset TXF_X_NOSETTLE; fi
  for dt in f4 f8; do
    for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--sweep 20 --seed 402 --sweep-range 8:2048"; do
      $T bench matmul --dtype $dt $s --strategy auto --compare blas --repeat 5 --format json 2>/dev/null | sed "s|^{|{\"v\":\"$v\",\"round\":$r,|" >> $O/mm.jsonl
    done
  done
  echo "$r $v $(date +%T)" >> $O/progress.txt
done; done
