#!/usr/bin/env bash
# Where the large blocks with packed operands lose at a small K: products that the blocks do
# not divide against their padded sizes (the blocks divide M and N, K, or both), padcopy with
# the large set (L) and pad with 128 x 128 x 16 (A) and auto; three rounds. `summ.py call3`.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
M=5727x4226x92,5888x4352x96,5888x4352x92,5727x4226x96,5727x4226x128,6676x6136x119,6656x6144x128,6656x6144x119,6676x6136x128,1172x8294x68,1280x8320x96,1280x8320x68,8192x8192x128,8192x8192x96,8191x8191x128,4096x4096x256,4095x4097x256
L="mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
A="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
run() { local tag=$1; shift
  env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
    timeout 120 $B/tools/txf/txf bench matmul --shape $M --compare none --repeat 15 --format json "$@" |
    sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2 3; do
  run auto --strategy auto
  run pc-L --strategy padcopy --params $L,ksplit=1
  run pc-A --strategy padcopy --params $A,ksplit=1
  run pad-A --strategy pad --params $A,ksplit=1
  run pad-L --strategy pad --params $L,ksplit=1
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
