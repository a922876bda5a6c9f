#!/usr/bin/env bash
# dist.sh N OUT: auto of the two builds in turn, one shape per process, N processes each, to see each
# configuration's spread across processes on this VM.
for i in $(seq $1); do
  for s in f4:1600x925 u1:2176x917 u2:1792x602 f4:1120x1462 u1:4160x802 f8:888x1082; do
    dt=${s%:*} sh=${s#*:}
    for side in old new; do
      T=/tmp/oldb/tools/txf/txf; [ $side = new ] && T=/work/main/build-rel/tools/txf/txf
      POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=/work/main/cl TXF_CACHE_DIR=/tmp/pocl-cache-$side $T bench transpose --dtype $dt --shape $sh --strategy auto --compare none --repeat 15 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"i\":$i,|" >> $2
    done
  done
done
