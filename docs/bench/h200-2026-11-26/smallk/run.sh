#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-smk
S=2083x4733x66,1032x4911x70,3022x1222x145,1740x4480x246,2047x5402x66,5384x437x165,1611x1661x68,4897x5363x277,1749x4673x88,4096x4096x64,4096x4096x128,8192x8192x32,2048x2048x96
W=/tmp/smk; mkdir -p $W
$A bench matmul --shape $S --strategy auto --compare none --repeat 7 --format json > $W/auto.jsonl 2>>$W/err.txt
python3 docs/bench/h100-2026-11-25/model/mm_torch.py $W/auto.jsonl > $W/torch.jsonl 2>>$W/err.txt
declare -A CF
CF[A]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
CF[A8]="mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,vwa=2,vwb=2"
CF[A2]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=2"
CF[A82]="mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=2"
CF[B]="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
CF[B8]="mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,vwa=4,vwb=4"
CF[D]="mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
CF[D8]="mwg=64,nwg=64,kwg=8,mdimc=16,ndimc=16,vwa=4,vwb=4"
CF[D82]="mwg=64,nwg=64,kwg=8,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=2"
CF[F]="mwg=128,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,wmap=2"
CF[C]="mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
for c in A A8 A2 A82 B B8 D D8 D82 F C; do
  for st in pad padcopy; do
  $A bench matmul --shape $S --strategy $st --params ${CF[$c]},ksplit=1 --compare none --repeat 7 --format json 2>>$W/err.txt | sed "s/^{/{\"cfg\":\"$c\",\"st\":\"$st\",/" >> $W/cfg.jsonl
  done
done
tar czf $OUT/d.tgz -C $W .
