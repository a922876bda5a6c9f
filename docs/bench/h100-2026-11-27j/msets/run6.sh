#!/usr/bin/env bash
# The cost model with each block's store of C counted for a set of one work-group at a time
# per compute unit (the large set: 4e10 B/s per compute unit; v5) against the model of
# run4.sh (v4) on products no fit saw: 48 of the 86 of 2500 random products (seed 9, m, n
# 256 to 8192, k 64 to 8192) whose choice it changes and six whose large-set choice it keeps.
# auto with each library in turn, three rounds; cuBLAS (PyTorch, TF32 off) in the same call.
# `summ3.py call6`. Run from the checkout's root on the GPU machine with .device-build and the
# libraries in exp/gpu/v4, v5.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
G1=1012x7208x775,1024x6487x532,1029x5825x506,1053x5993x241,1312x7919x242,1587x6732x113,1632x6863x549,1856x6117x120,1923x4000x177,1974x7853x452,2144x3010x580,2177x7076x115,2322x6567x386,2378x6505x373,2566x1470x693,2892x1233x691,2924x6776x177,3019x1365x596,3094x2231x513,3201x1207x704,3488x3499x746,3562x4315x216,3578x2144x187,3709x3998x348,4371x1683x256,4829x6097x146,5266x1361x943
G2=5374x731x2270,5591x2048x2257,5792x3582x345,5819x4077x157,6517x1184x413,6763x6738x150,6866x2364x83,6891x2201x318,6924x3497x218,6978x2240x312,7054x7648x145,7064x918x415,7141x1013x256,7161x2704x313,7166x1034x244,7249x1087x342,7696x2625x90,7848x5242x482,8048x7519x219,8048x8134x115,998x7063x285,2181x5033x959,3872x5119x794,4503x2456x2685,3560x1120x3884,4232x6890x3247,1461x5390x696
run() { local tag=$1; shift
  for S in $G1 $G2; do
    env LD_LIBRARY_PATH=$PWD/exp/gpu/$tag:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 250 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2 3; do
  for v in v4 v5; do
    [ $SECONDS -gt 460 ] && break
    run $v --strategy auto
  done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
