#!/usr/bin/env bash
# val.sh N OUT: auto of 8898a34 (old) and this tree (new) in turn, one shape per process, N rounds, on the
# shapes of vgen.py (outputs on lines, 1.3 to 14 MiB) for five element sizes.
for i in $(seq $1); do
  for dt in u1:1 u2:2 f4:4 f8:8 c16:16; do
    t=${dt%:*} e=${dt#*:}
    for sh in $(python3 vgen.py $((1700 + e)) $e | tr ',' ' '); do
      order="old new"; [ $((i % 2)) = 0 ] && order="new old"
      for side in $order; do
        T=/tmp/oldb/tools/txf/txf; [ $side = new ] && T=/work/main/build-rel/tools/txf/txf
        POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=/work/main/cl TXF_CACHE_DIR=/tmp/pocl-cache-$side $T bench transpose --dtype $t --shape $sh --strategy auto --compare none --repeat 15 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"round\":$i,|" >> $2
      done
    done
  done
  echo "round $i $(date +%T)" >> $2.progress
done
