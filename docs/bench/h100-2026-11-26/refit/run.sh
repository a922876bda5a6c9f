#!/usr/bin/env bash
# Forced sets A (128x128x16), B (128x64x16), D (64x64x16) with pad and 1, 2, 4 K slices, and A, B
# with padcopy, on sweeps seeds 2 and 7 and named shapes: timings to refit the cost model's rates.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-fit
A=$PWD/.device-build/tools/txf/txf
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
NAMED=64x50000x64,64x64x50000,50000x64x64,128x8192x8192,8192x128x8192,1000x1000x1000,3000x5000x700,2048x2048x2048,999x666x777,512x512x512,4897x5363x277,2083x4733x66
declare -A CF
CF[A]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
CF[B]="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
CF[D]="mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
for c in A B D; do
  for ks in 1 2 4; do
    for src in s2 s7 named; do
      [ $(( $(date +%s) - t0 )) -gt 480 ] && break 3
      case $src in s2) S="--sweep 30 --seed 2 --sweep-range 64:8192";; s7) S="--sweep 30 --seed 7 --sweep-range 64:8192";; named) S="--shape $NAMED";; esac
      timeout 60 $A bench matmul $S --repeat 9 --strategy pad --params ${CF[$c]},ksplit=$ks --compare none --format json | sed "s/^{/{\"cfg\":\"$c\",\"ks\":$ks,\"pc\":0,/" >> $O/cfg.jsonl 2>>$O/err.txt
      echo "$c $ks $src rc $? $(( $(date +%s) - t0 )) s" >> $O/progress.txt
    done
  done
done
for c in A B; do for src in s2 s7 named; do
  case $src in s2) S="--sweep 30 --seed 2 --sweep-range 64:8192";; s7) S="--sweep 30 --seed 7 --sweep-range 64:8192";; named) S="--shape $NAMED";; esac
  timeout 60 $A bench matmul $S --repeat 9 --strategy padcopy --params ${CF[$c]},ksplit=1 --compare none --format json | sed "s/^{/{\"cfg\":\"$c\",\"ks\":1,\"pc\":1,/" >> $O/cfg.jsonl 2>>$O/err.txt
  echo "$c pc $src rc $? $(( $(date +%s) - t0 )) s" >> $O/progress.txt
done; done
cd /tmp && tar czf $OUT/o.tgz o
