#!/usr/bin/env bash
# What a product that the blocks do not divide costs against its padded size: 128 x 128 x 16
# blocks forced with pad (K slices 1, and the entry's fill rule), padcopy and split, on five
# products and the sizes they pad to; auto beside. Two rounds; cuBLAS (PyTorch, TF32 off) in
# the same call. `summ.py call5`. Run from the checkout's root on the GPU machine with
# .device-build.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
S=1000x1000x1000,1024x1024x1024,2000x2000x2000,2048x2048x2048,1500x1500x1500,1536x1536x1536,3000x2000x1000,3072x2048x1024,5727x4226x92,5760x4352x96,999x666x777,1024x768x784
A="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
run() { local tag=$1; shift
  env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
    timeout 200 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" |
    sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do
  run auto --strategy auto
  run pad1 --strategy pad --params $A,ksplit=1
  run padks --strategy pad --params $A
  run padcopy --strategy padcopy --params $A
  run split --strategy split --params $A
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
