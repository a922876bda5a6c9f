#!/bin/bash
# f8 transposes: auto (32 x 8 tiles, two runs where outputs are off sectors) against forced 64 x 4 one
# run (6c21eae's choice), 32 x 8 one run, and 32 x 8 without runs; sweeps of seeds 9 and 10, two rounds
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-f8
A=$B/tools/txf/txf
J="--strategy auto --compare none --format json --dtype f8"
SECONDS=0
one() { tag=$1; shift; timeout 60 $A bench transpose $J "$@" 2>>$OUT/err.txt | sed "s/^{/{\"v\":\"$tag\",\"round\":$round,/" >> $OUT/f8.jsonl; echo "$round $tag $* $SECONDS" >> $OUT/progress.txt; }
for round in 1 2; do
  for v in auto t64s1 t32s1 t32s0 t32s2; do
    [ $SECONDS -gt 380 ] && break 2
    case $v in
      auto) P=();; t64s1) P=(--param tile=64 --param wg_rows=4 --param segments=1);;
      t32s1) P=(--param tile=32 --param wg_rows=8 --param segments=1);; t32s0) P=(--param tile=32 --param wg_rows=8 --param segments=-1);;
      t32s2) P=(--param tile=32 --param wg_rows=8 --param segments=2);;
    esac
    one $v "${P[@]}" --sweep 20 --seed 9 --sweep-range 1024:16384
    one $v "${P[@]}" --sweep 20 --seed 10 --sweep-range 256:8192
  done
done
gzip $OUT/f8.jsonl
