#!/usr/bin/env bash
# run3: v3 (v3.patch: the extents computed once per block by the caller) in exp/gpu/clv3, v2 in
# exp/gpu/clv2, the kernel before in exp/gpu/clold.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH
A=$PWD/.device-build/tools/txf/txf
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
S=2083x4733x66,1749x4673x88,3022x1222x145,1740x4480x246,4897x5363x277,4518x810x256,1164x1102x440,3015x455x1208,895x2415x3388,1641x4190x1988,1000x1000x1000,999x666x777,3000x5000x700,2047x2049x97,3967x385x139
NAMED=4096x4096x4096,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,50000x64x64,64x64x50000,4897x5363x277,2083x4733x66
for R in 1 2; do
  for v in v3 v2 old; do
    case $v in v3) K=$PWD/exp/gpu/clv3;; v2) K=$PWD/exp/gpu/clv2;; *) K=$PWD/exp/gpu/clold;; esac
    E="env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v"
    for cfg in A B D; do
      case $cfg in A) P="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,ksplit=1";; B) P="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,ksplit=1";; D) P="mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,ksplit=1";; esac
      $E timeout 90 $A bench matmul --shape $S --repeat 15 --strategy pad --params $P --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"cfg\":\"$cfg\",\"round\":$R,\"set\":\"forced\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v $cfg rc $?"
    done
    for seed in 1 3 4; do
      $E timeout 120 $A bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"cfg\":\"auto\",\"round\":$R,\"set\":\"sweep$seed\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v sweep $seed rc $?"
    done
    $E timeout 60 $A bench matmul --shape $NAMED --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"cfg\":\"auto\",\"round\":$R,\"set\":\"named\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v named rc $?"
  done
done
timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch rc $?"
for v in v3 v2 old; do python3 exp/ck/mregs.py /tmp/cache-$v $O/regs-$v > $O/regs-$v.txt 2>&1; rm -rf $O/regs-$v; done
step regs
cd /tmp && tar czf $OUT/o.tgz o
