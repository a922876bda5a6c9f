#!/usr/bin/env bash
# f32 products whose m or n is 33 to 1100 (random, seed 131: 14 with m 33 to 250, 8 with n
# 33 to 250, 8 with m 250 to 1100; n, k or m, k 512 to 8192, log-uniform) and ten low ones of
# the surface of h100-2026-11-27i: auto, and block sets forced with pad (K slices by the
# entry's fill rule): the model's 128 x 128, 128 x 64 and 64 x 64, and 64 x 128 and 128 x 64
# with 8 x 8 sums per work-item. Two rounds; cuBLAS (PyTorch, TF32 off) in the same call.
# `summ.py call1`. Run from the checkout's root on the GPU machine with .device-build.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
S1=63x4328x653,59x1512x6134,67x2657x676,47x3558x2372,142x1743x1987,50x951x590,46x1786x2641,147x3043x4912,147x525x6004,90x1713x653,45x615x661,162x1441x4441,242x2879x905,46x7430x2005,1301x228x819,5836x34x1721,1300x237x1804,2469x169x2919,5130x173x617,751x75x1523
S2=4945x44x7897,4860x123x1050,796x3630x5093,392x4559x518,489x749x636,1016x8168x439,653x519x891,479x971x298,675x6199x514,433x4033x3060,139x1433x6253,137x8097x5571,79x7797x4503,2341x122x3979,1223x88x6312,1521x646x1710,3799x700x673,1522x695x6417,432x6928x244,853x565x4824
declare -A P
P[A]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
P[B]="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
P[D]="mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
P[E]="mwg=64,nwg=128,kwg=16,mdimc=8,ndimc=16,vwa=2,vwb=2"
P[F]="mwg=64,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
P[G]="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=8,vwa=2,vwb=2"
run() { local tag=$1; shift
  for S in $S1 $S2; do
    env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 200 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do
  run auto --strategy auto
  for s in A B D E F G; do
    [ $SECONDS -gt 440 ] && break
    run pad-$s --strategy pad --params ${P[$s]}
  done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
