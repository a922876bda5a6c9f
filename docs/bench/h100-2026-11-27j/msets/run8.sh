#!/usr/bin/env bash
# K groups (work-items of one block splitting its K steps, summed in the work-group) against
# K slices on f32 products with few blocks over a deep K: auto, and the model's 128 x 128, 128
# x 64 and 64 x 64 sets forced with pad and 2 or 4 K groups (K slices by the entry's fill rule,
# which counts each group as a work-group). Two rounds; cuBLAS (PyTorch, TF32 off) in the same
# call. `summ.py call8`. Run from the checkout's root on the GPU machine with .device-build.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
S=4266x118x6240,5411x104x5391,1912x109x5713,79x7797x4503,139x1433x6253,147x3043x4912,1223x88x6312,2341x122x3979,853x565x4824,796x3630x5093,1031x2117x5118,1965x3442x2289,64x64x50000,128x128x50000,256x256x20000,500x500x8000
declare -A P
P[A2]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,kgroups=2"
P[B2]="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,kgroups=2"
P[D2]="mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,kgroups=2"
P[D4]="mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,kgroups=4"
run() { local tag=$1; shift
  env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
    timeout 250 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" |
    sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do
  run auto --strategy auto
  for s in A2 B2 D2 D4; do run pad-$s --strategy pad --params ${P[$s]}; done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
