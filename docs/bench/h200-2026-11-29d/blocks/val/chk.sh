#!/bin/bash
# The choices the tests name, forced: old against new, three rounds in turn.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/val3  # new/: slim release build of de1330f; old/: of 31f2ff9
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
CFG="6050x462x7367 old padcopy 128,128,8,16,16,2,2 lbuf=3 ksplit=4
6050x462x7367 new padcopy 128,96,8,16,16,2,1 lbuf=3 ksplit=6
1066x2462x276 old padcopy 128,64,8,16,16,2,2 lbuf=3 ksplit=1
1066x2462x276 new padcopy 128,96,8,16,16,2,1 lbuf=3 ksplit=1
3934x1086x1395 c64 padcopy 128,64,8,16,16,2,2 lbuf=3 ksplit=1
3934x1086x1395 n96 padcopy 128,96,8,16,16,2,1 lbuf=3 ksplit=1
2000x640x300 m96 pad 96,128,16,16,16,2,2 lbuf=0 ksplit=1
2000x640x300 m96p padcopy 96,128,8,16,16,1,2 lbuf=3 ksplit=1"
for round in 1 2 3; do
  echo "$CFG" | while read s tag st p l k; do
    TXF_CACHE_DIR=/tmp/c-x timeout 60 $T bench matmul --shape $s --strategy $st --params $p --param $l --param $k --compare none --repeat 15 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"tag\":\"$tag\",|" >> $OUT/chk.jsonl
  done
  for v in new old; do
    TXF_CACHE_DIR=/tmp/c-$v timeout 60 $D/$v/tools/txf/txf bench matmul --shape 6050x462x7367,1066x2462x276,3934x1086x1395,2000x640x300 --strategy auto --compare none --repeat 15 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"tag\":\"auto-$v\",|" >> $OUT/chk.jsonl
  done
  echo "$round $SECONDS" >> $OUT/progress.txt
done
