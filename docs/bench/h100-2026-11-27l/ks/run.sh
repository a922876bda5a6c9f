#!/usr/bin/env bash
# The 128 x 128 (M) and 256 x 128 (L) sets forced with pad and padcopy and 1 to 6 K slices on
# mid-size products, auto (twice, the tree before the change), cuBLAS (PyTorch, TF32 off) last. From the
# checkout's root on the GPU machine; summ.py DIR [v].
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
S=1965x3442x2289,1031x2117x5118,2048x2048x2048,3000x5000x700,1000x1000x1000,1536x1536x1536,2500x1800x1200,1200x3000x2000,1024x1024x1024,5287x851x795,997x1571x623,315x2162x1014,2000x2000x2000,1400x1400x3000
L=mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2,kgroups=1
M=mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1
t() { timeout 120 $B/tools/txf/txf bench matmul --shape $S --compare none --repeat 15 --format json "$@" | sed "s|^{|{\"tag\":\"$tag\",|" >> $O/ks.jsonl 2>>$O/err.txt; }
tag=auto t --strategy auto
for st in pad padcopy; do for ks in 1 2 3 4 6; do
  tag=L-$st-$ks t --strategy $st --params $L,ksplit=$ks
  tag=M-$st-$ks t --strategy $st --params $M,ksplit=$ks
done; echo "$st $SECONDS" >> $O/progress.txt; done
tag=auto2 t --strategy auto
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/ks.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
