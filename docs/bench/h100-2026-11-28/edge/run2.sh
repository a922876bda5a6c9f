#!/usr/bin/env bash
# matmul_pad's load checks: this tree (v0) and three variants (v1: checks on the blocks at C's
# edges and where K leaves a short step, one copy of the code; v2: the same as two copies; v3:
# checks on edge blocks and on the last K step only), by TXF_KERNEL_PATH, in turn, two rounds.
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
for v in v1 v2 v3; do [ -d $D/$v ] || { mkdir -p $D/$v && cp cl/*.cl $D/$v/ && patch -s $D/$v/matmul.cl < $D/$v.patch; }; done
U=2785x2411x126,2973x1560x192,2434x1842x372,5375x2265x229,1837x967x267,3494x3378x360,1231x1238x129,3292x412x361,545x2283x477,2857x727x1608,1999x1073x83,3585x2746x1016,2785x2411x128,4093x4093x4093,999x666x777,3000x5000x700,1000x1000x1000,7001x3001x160,6001x2001x512,1500x1500x1500
E=2816x2432x128,3072x1664x192,2560x1920x384,5376x2304x240,1920x1024x272,3584x3456x368,1280x1280x144,3328x512x368,640x2304x480,2944x768x1616,2048x1152x96,3712x2816x1024
M=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1,ksplit=1
S=mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=1,kgroups=1,ksplit=1
t() { TXF_KERNEL_PATH=$kp timeout 100 $B/tools/txf/txf bench matmul --shape "$1" --compare none --repeat 15 --format json "${@:2}" | sed "s|^{|{\"v\":\"$v\",\"tag\":\"$tag\",\"r\":$r,|" >> $O/e.jsonl 2>>$O/err.txt; }
for r in 1 2; do for v in v0 v1 v2 v3; do kp=$D/$v; [ $v = v0 ] && kp=$PWD/cl
  tag=U-auto t $U --strategy auto
  tag=U-M t $U --strategy pad --params $M
  tag=U-S t $U --strategy pad --params $S
  [ $r = 1 ] && tag=E-M t $E --strategy pad --params $M
  echo "$r $v $SECONDS" >> $O/progress.txt
done; done
cp $O/* $OUT/
