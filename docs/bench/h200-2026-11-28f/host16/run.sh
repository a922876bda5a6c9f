#!/usr/bin/env bash
# On the GPU machine's host CPU (POCL), from the checkout's root, with
# .device-build-nb (tools/gpu-build.sh of a build configured with
# -Dblas=disabled) and exp/gpu/old0f holding 0f04f4a's release build without
# BLAS (lib/, tools/txf/txf) and its cl/: the two trees in turn, auto, f32
# and f64, two rounds, on the products of ../../pocl-2026-11-28-intel/gain/ab.sh;
# then padcopy and pad forced on this tree. Results under $OUT.
set -u
B=$PWD/.device-build-nb O=$PWD/exp/gpu/old0f
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1
unset OCL_ICD_FILENAMES
lscpu > $OUT/lscpu.txt 2>&1
LD_LIBRARY_PATH=$B/lib:$B/libs TXF_KERNEL_PATH=$PWD/cl $B/tools/txf/txf info --device Portable --shape 2048x2048x2048 > $OUT/info.txt 2>&1
N4=1024,1536,2048,2560,3000x2000x1000,2048x512x2048,999x666x777,1500x3000x800,2500x1200x1800,700x900x1200,4000x300x2000,512,768,1200x800x600,600x600x2500,384x2000x2000,4096
t0=$(date +%s)
for r in 1 2; do for v in old new; do
  if [ $v = old ]; then L=$O/lib:$B/libs; K=$O/cl; T=$O/tools/txf/txf; else L=$B/lib:$B/libs; K=$PWD/cl; T=$B/tools/txf/txf; fi
  for dt in f4 f8; do
    for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--shape $N4"; do
      LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 200 $T bench matmul --device Portable --dtype $dt $s --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s/^{/{\"tree\":\"$v\",\"round\":$r,/" >> $OUT/ab.jsonl
    done
  done
  echo "round $r $v $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt
done; done
for dt in f4 f8; do
  LD_LIBRARY_PATH=$B/lib:$B/libs TXF_KERNEL_PATH=$PWD/cl timeout 150 $B/tools/txf/txf bench matmul --device Portable --dtype $dt --shape $N4 --strategy pad,padcopy --compare none --repeat 5 --format json 2>>$OUT/err.txt >> $OUT/forced.jsonl
done
echo "forced $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt
