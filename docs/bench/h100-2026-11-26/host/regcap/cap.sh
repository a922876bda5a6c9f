#!/usr/bin/env bash
# -cl-nv-maxrregcount=128 on the 128 x 128 x 16 f32 programs (xopts.patch applied: TXF_X_MOPTS,
# TXF_X_MONLY), against the same build without, two rounds, three sweeps and named shapes.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
A=$PWD/.device-build/tools/txf/txf
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
NAMED=4096x4096x4096,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000,2083x4733x66,4897x5363x277,1749x4673x88,582x838x531,1032x4911x70,3022x1222x145,1740x4480x246,2047x5402x66,5384x437x165,1611x1661x68
for R in 1 2; do
  for v in cap host; do
    if [ $v = cap ]; then X="env TXF_X_MOPTS=-cl-nv-maxrregcount=128 TXF_X_MONLY=-DMWG=128_-DNWG=128_-DKWG=16_-DMDIMC=16"; else X=env; fi
    for seed in 1 3 4; do
      $X TXF_CACHE_DIR=/tmp/cache-$v timeout 120 $A bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"sweep$seed\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v sweep $seed rc $?"
    done
    $X TXF_CACHE_DIR=/tmp/cache-$v timeout 60 $A bench matmul --shape $NAMED --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"named\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v named rc $?"
  done
done
timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch warm rc $?"
python3 exp/ck/mregs.py /tmp/cache-cap $O/regs > $O/regs.txt 2>&1; step "regs rc $?"
rm -f $O/regs/*.cubin
cd /tmp && tar czf $OUT/o.tgz o
