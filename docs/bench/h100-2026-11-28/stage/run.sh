#!/usr/bin/env bash
# C stores through local memory for C rows off 16 bytes up to a K of 1024 (lib1) against 64
# (this tree), in turn, two rounds: auto, and the 128 x 128 set forced with pad. lib1: the library of
# .device-build rebuilt with C_STAGE_K 1024 in lib/matmul.c (libtiledxform.so*).
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
S=$(cat $D/shapes.txt)
M=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1,ksplit=1
for r in 1 2; do for v in v0 v1; do lib=$B/lib; [ $v = v1 ] && lib=$D/lib1
  for tag in auto M; do pa=(--strategy auto); [ $tag = M ] && pa=(--strategy pad --params $M)
    LD_LIBRARY_PATH=$lib:$B/libs:$NV timeout 120 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "${pa[@]}" | sed "s|^{|{\"v\":\"$v\",\"tag\":\"$tag\",\"r\":$r,|" >> $O/e.jsonl 2>>$O/err.txt
  done; echo "$r $v $SECONDS" >> $O/progress.txt
done; done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/e.jsonl > $O/torch.jsonl 2>>$O/err.txt
cp $O/* $OUT/
