#!/usr/bin/env bash
# u1 and u2 surface: 32971a4 (old) against this tree (new), in turn, two rounds
# OLD and NEW: checkouts with a release build in rel/ (OLD 32971a4, NEW 59d7a30)
set -u
O=$(dirname "$0")
export POCL_AFFINITY=1 TXF_TUNING=0
NT_SHAPES=3x300000,300000x3,20x4045,4045x20,700x1000,1024x1024,1001x1001,2048x2048,3001x2999,4093x4099,4096x4096,5000x5001,2500x3000,6000x1500
for r in 1 2; do
  for side in old new; do
    if [ $side = old ]; then T=$OLD/rel/tools/txf/txf C=$OLD/cl; else T=$NEW/rel/tools/txf/txf C=$NEW/cl; fi
    for dt in u1 u2; do
      for s in "--sweep 20 --seed 1 --sweep-range 16:4096" "--sweep 20 --seed 2 --sweep-range 16:4096" "--sweep 20 --seed 3 --sweep-range 256:8192" "--shape $NT_SHAPES"; do
        TXF_KERNEL_PATH=$C $T bench transpose --dtype $dt $s --strategy auto --compare none --repeat 10 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|" >> $O/tr.jsonl
      done
    done
    echo "round $r $side $(date +%T)" >> $O/progress.txt
  done
done
