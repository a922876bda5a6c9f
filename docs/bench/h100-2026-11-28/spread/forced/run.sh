#!/usr/bin/env bash
# The element-store programs (C_STORE 0) with each work-item's columns one apart (VWN 1: a warp's
# store of one register column is contiguous; B read from local memory element by element) in
# w1/, against this tree, in turn, two rounds: auto, 128 x 128 and 128 x 64 forced with pad.
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
# w1: cl/ of ea55316 with w1.patch (the column map of C_STORE 3, on every element-store program)
[ -d $D/w1 ] || { mkdir -p $D/w1 && git show ea55316:cl/matmul.cl > $D/w1/matmul.cl && for f in common convert transpose; do git show ea55316:cl/$f.cl > $D/w1/$f.cl; done && patch -s $D/w1/matmul.cl < $D/w1.patch; }
S=$(cat $D/shapes.txt),2048x2048x2048,4096x4096x4096,1024x1024x1024,2500x1800x1200,3000x2000x1536
M=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1,ksplit=1
Q=mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=1,kgroups=1,ksplit=1
for r in 1 2; do for v in v0 w1; do kp=$PWD/cl; [ $v = w1 ] && kp=$D/w1
  for tag in auto M S; do pa=(--strategy auto); [ $tag = M ] && pa=(--strategy pad --params $M); [ $tag = S ] && pa=(--strategy pad --params $Q)
    TXF_KERNEL_PATH=$kp timeout 150 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "${pa[@]}" | sed "s|^{|{\"v\":\"$v\",\"tag\":\"$tag\",\"r\":$r,|" >> $O/e.jsonl 2>>$O/err.txt
  done; echo "$r $v $SECONDS" >> $O/progress.txt
done; done
cp $O/* $OUT/
