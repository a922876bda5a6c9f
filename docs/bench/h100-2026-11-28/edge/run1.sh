#!/usr/bin/env bash
# Uneven shallow-K products against the same rounded up to 128 (pad on a divided shape runs the
# unchecked kernel): auto, and the 128 x 128 and 128 x 64 sets forced with pad, 1 slice; two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
U=2785x2411x126,2973x1560x192,2434x1842x372,5375x2265x229,1837x967x267,3494x3378x360,1231x1238x129,3292x412x361,545x2283x477,2857x727x1608,1999x1073x83,3585x2746x1016
E=2816x2432x128,3072x1664x192,2560x1920x384,5376x2304x240,1920x1024x272,3584x3456x368,1280x1280x144,3328x512x368,640x2304x480,2944x768x1616,2048x1152x96,3712x2816x1024
M=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1,ksplit=1
S=mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=1,kgroups=1,ksplit=1
t() { timeout 100 $B/tools/txf/txf bench matmul --shape "$1" --compare none --repeat 15 --format json "${@:2}" | sed "s|^{|{\"tag\":\"$tag\",\"r\":$r,|" >> $O/e.jsonl 2>>$O/err.txt; }
for r in 1 2; do for set in U E; do sh=${!set}
  tag=$set-auto t $sh --strategy auto
  tag=$set-M t $sh --strategy pad --params $M
  tag=$set-S t $sh --strategy pad --params $S
  tag=$set-Mc t $sh --strategy padcopy --params $M
done; echo "$r $SECONDS" >> $O/progress.txt; done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/e.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
