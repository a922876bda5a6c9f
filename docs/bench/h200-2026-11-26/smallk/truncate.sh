#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-trc
S=2083x4733x66,1032x4911x70,3022x1222x145,1740x4480x246,2047x5402x66,5384x437x165,1611x1661x68,4897x5363x277,1749x4673x88,999x666x777,1000x1000x1000,3000x5000x700,2000x2000x2001,1234x2345x3456,4093x4093x4093,1500x1500x1500
W=/tmp/trc; mkdir -p $W
for r in 1 2; do
$A bench matmul --shape $S --strategy auto,pad,truncate --compare none --repeat 7 --format json > $W/r$r.jsonl 2>>$W/err.txt
for p in "mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4" "mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"; do
$A bench matmul --shape $S --strategy truncate --params $p --compare none --repeat 7 --format json 2>>$W/err.txt | sed "s/^{/{\"cfg\":\"$p\",/" >> $W/r$r-sets.jsonl
done
done
python3 docs/bench/h100-2026-11-25/model/mm_torch.py $W/r1.jsonl > $W/torch.jsonl 2>>$W/err.txt
tar czf $OUT/d.tgz -C $W .
