#!/usr/bin/env bash
# Which part of unevenness costs: M off the blocks, N off the blocks, B's and C's rows off 16
# bytes, K off the steps; the 128 x 128 set forced with pad, and auto; two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
S=2816x2432x128,2785x2432x128,2816x2412x128,2816x2411x128,2785x2412x128,2785x2411x128,2816x2432x126,2785x2411x126,2785x2412x126,2048x1152x96,2048x1076x96,2048x1073x96,1999x1152x96,1999x1076x83,1999x1073x83,5376x2304x240,5375x2304x240,5376x2268x240,5376x2265x240,5375x2265x229
M=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1,ksplit=1
for r in 1 2; do
  timeout 100 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json --strategy pad --params $M | sed "s|^{|{\"tag\":\"M\",\"r\":$r,|" >> $O/e.jsonl 2>>$O/err.txt
  timeout 100 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json --strategy auto | sed "s|^{|{\"tag\":\"auto\",\"r\":$r,|" >> $O/e.jsonl 2>>$O/err.txt
  echo "$r $SECONDS" >> $O/progress.txt
done
cp $O/* $OUT/
