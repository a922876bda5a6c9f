#!/usr/bin/env bash
# mid-size f32 products: auto against the large set (256 x 128) packed with 1-3 K slices and 128 x 128 packed with 1-2.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; NEW=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NV timeout 150 $NEW/tools/txf/txf bench matmul --repeat 10 --compare none --format json "$@" | sed "s|^{|{\"b\":\"now\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
S=1672x3636x2919,1846x2568x903,2730x1077x6811,7905x4117x1193,2433x6813x2794,1535x5857x4148,3802x4079x6395,5773x1553x4309,3625x790x6556,5082x1711x1545,1000x2386x7117,895x2415x3388,2048x2048x2048,3000x5000x700
BIG=mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2
A=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2
for R in 1 2; do
  run auto --shape $S --strategy auto
  for ks in 1 2 3 4; do run big$ks --shape $S --strategy padcopy --params $BIG,ksplit=$ks; done
  for ks in 1 2 3; do run a$ks --shape $S --strategy padcopy --params $A,ksplit=$ks; done
done
timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step torch
cd /tmp && tar czf $OUT/o.tgz o
