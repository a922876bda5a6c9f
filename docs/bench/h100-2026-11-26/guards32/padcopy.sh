#!/usr/bin/env bash
# pad against padcopy on shapes whose M and N the 128 x 128 blocks divide and K they do not
# (padcopy then packs A and B and writes C in place), two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-pc
A=$PWD/.device-build/tools/txf/txf
O=/tmp/o; rm -rf $O; mkdir -p $O
S=2048x4736x66,1792x4608x88,3072x1280x145,1792x4480x246,4864x5376x277,4480x896x250,1152x1152x440,3072x512x1208,896x2432x3389,1664x4224x1989,1024x1024x999,1024x2432x7117,640x1280x4157,2048x2048x97,3968x384x139
for R in 1 2; do
  for cfg in A B; do
    case $cfg in A) P="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,ksplit=1";; B) P="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,ksplit=1";; esac
    timeout 90 $A bench matmul --shape $S --repeat 15 --strategy pad,padcopy --params $P --compare none --format json | sed "s|^{|{\"cfg\":\"$cfg\",\"round\":$R,|" >> $O/pc.jsonl 2>>$O/err.txt
    echo "$R $cfg rc $?" >> $O/progress.txt
  done
  timeout 60 $A bench matmul --shape $S --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"cfg\":\"auto\",\"round\":$R,|" >> $O/pc.jsonl 2>>$O/err.txt
done
cd /tmp && tar czf $OUT/o.tgz o
