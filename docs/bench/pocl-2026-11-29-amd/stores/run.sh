#!/usr/bin/env bash
# u1, u2 and f4 auto: OLD (8e56034) against this tree (NEW), in turn, ROUNDS rounds; transposes only
set -u
O=${O:-$(dirname "$0")}
export POCL_AFFINITY=1 TXF_TUNING=0
NT_SHAPES=1401x1484,1123x1931,1353x2287,1000x1001,2232x2461,3001x2999,1500x1501,2100x2500,2701x3001,999x700,700x1500,4093x4099,2000x2001
for r in $(seq ${ROUNDS:-2}); do
  for side in old new; do
    if [ $side = old ]; then T=$OLD/b/tools/txf/txf C=$OLD/cl; else T=$NEW/exp/rel/tools/txf/txf C=$NEW/cl; fi
    for dt in u1 u2 f4; do
      for s in "--sweep 20 --seed 1 --sweep-range 16:4096" "--sweep 20 --seed 3 --sweep-range 256:8192" "--shape $NT_SHAPES"; do
        TXF_KERNEL_PATH=$C $T bench transpose --dtype $dt $s --strategy auto --compare none --repeat 10 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|" >> $O/tr.jsonl
      done
    done
    echo "round $r $side $(date +%T)" >> $O/progress.txt
  done
done
