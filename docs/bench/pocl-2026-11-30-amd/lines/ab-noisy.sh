#!/usr/bin/env bash
# ab.sh OLD_TXF NEW_TXF ROUNDS OUT: auto, the two builds in turn per shape list, on outputs on lines (vgen.py).
set -u
O=$4
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=/work/main/cl
for r in $(seq "$3"); do
  for dt in ${DTS:-u1:1 u2:2 f4:4 f8:8 c16:16}; do
    t=${dt%:*} e=${dt#*:}
    S=$(python3 vgen.py $((1700 + e)) $e)
    order="old new"; [ $((r % 2)) = 0 ] && order="new old"
    for side in $order; do
      T=$1; [ $side = new ] && T=$2
      TXF_CACHE_DIR=/tmp/pocl-cache-$side $T bench transpose --dtype $t --shape $S --strategy auto --compare none --repeat 20 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|" >> $O/ab.jsonl
    done
  done
  echo "round $r $(date +%T)" >> $O/progress.txt
done
