#!/usr/bin/env bash
# Mid-size f32 products (the 36 of h100-2026-11-27i/mid/run1.sh): auto, and 128 x 128 blocks
# with other work-item tiles forced with pad (K slices by the entry's fill rule): 16 x 8 and
# 8 x 16 sums per work-item (128 work-items), row by row or in 4 x 8 tiles, K steps of 16 or
# 32; the large set's 256 x 128 with pad. Two rounds; cuBLAS (PyTorch, TF32 off) in the same
# call. `summ.py call2`. Run from the checkout's root on the GPU machine with .device-build.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
S1=1000x1000x1000,1024x1024x1024,1500x1500x1500,1536x1536x1536,2000x2000x2000,2500x2500x2500,999x666x777,3000x5000x700,5000x3000x300,6676x6136x119,2048x2048x512,4096x4096x256,8192x8192x128,1172x8294x68,678x4194x253,1166x1507x194,796x3630x5093,433x4033x3060
S2=5073x923x1678,2013x1541x543,819x875x275,967x3285x270,1482x1105x137,3729x6252x215,4758x1219x892,992x2477x262,5727x4226x92,674x1833x134,990x7153x1667,537x544x562,7084x6013x706,3978x1952x349,5508x689x681,3763x788x924,816x7497x903,1812x2584x1870,1416x901x698,6262x789x904
declare -A P
P[A]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
P[H]="mwg=128,nwg=128,kwg=16,mdimc=8,ndimc=16,vwa=4,vwb=4"
P[H2]="mwg=128,nwg=128,kwg=16,mdimc=8,ndimc=16,vwa=4,vwb=4,wmap=2"
P[I]="mwg=128,nwg=128,kwg=32,mdimc=8,ndimc=16,vwa=4,vwb=4,wmap=2"
P[J]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=8,vwa=4,vwb=4,wmap=2"
P[Lp]="mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
P[M]="mwg=256,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
run() { local tag=$1; shift
  for S in $S1 $S2; do
    env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 200 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do
  run auto --strategy auto
  for s in A H H2 I J Lp M; do
    [ $SECONDS -gt 440 ] && break
    run pad-$s --strategy pad --params ${P[$s]}
  done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
