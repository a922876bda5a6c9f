#!/usr/bin/env bash
# Unchecked stores in the blocks that lie inside C: this tree's kernels ("cur") against
# matmul_clip (clip3) and matmul_clip and matmul_pad (both3) storing interior blocks without
# checks (exp/mid/clip3, exp/mid/both3, carried), in turn, two rounds: padcopy with the large
# set (L) and with 128 x 128 x 16 (A), pad with A, and auto, on run3.sh's products and products
# of run4.sh; cuBLAS in the same call. `summ5.py call5`.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
M=5727x4226x96,5888x4352x96,6676x6136x128,6656x6144x128,8191x8191x128,8192x8192x128,4095x4097x256,4096x4096x256,3000x5000x700,1510x7392x799,3526x9497x311,1000x1000x1000,999x666x777,2723x6633x114,1944x3245x548,8191x8193x4097
L="mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
A="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
for r in 1 2; do
  for v in cur clip3 both3; do
    if [ $v = cur ]; then kp=$PWD/cl; else kp=$PWD/exp/mid/$v; fi
    for x in "pc-L --strategy padcopy --params $L,ksplit=1" "pc-A --strategy padcopy --params $A,ksplit=1" "pad-A --strategy pad --params $A" "auto --strategy auto"; do
      tag=${x%% *}; args=${x#* }
      env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$kp TXF_CACHE_DIR=/tmp/cache-$v \
        timeout 150 $B/tools/txf/txf bench matmul --shape $M --compare none --repeat 15 --format json $args |
        sed "s|^{|{\"round\":$r,\"set\":\"$v/$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$r $v $tag rc $? $SECONDS s" >> $O/progress.txt
      [ $SECONDS -gt 470 ] && break 3
    done
  done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
