#!/usr/bin/env bash
# The blocked kernel's register tiles walked band by band (cl/, as committed) and column panel
# by column panel (CL2: cl/ with the loops over ib and p in blocked_product swapped, so that
# each half of the B panel stays in L1 across the bands), in turn, four rounds.
# Usage: swap.sh BUILD CL2 OUT (from the checkout's root)
set -u
A=$1/tools/txf/txf; C2=$2; O=$3
export TXF_TUNING=0
SH=1024x1024x1024,2048x2048x2048,512x512x512,999x666x777,269x1018x698,2363x2806x27,3667x2865x503,1500x1500x1500,768x704x2048
for r in 1 2 3 4; do for v in base swap; do
  K=$PWD/cl; [ $v = swap ] && K=$C2
  for P in "mwg=128,nwg=64,kwg=256,mdimc=1,ndimc=1,vwa=8,vwb=16,ksplit=1" "mwg=64,nwg=32,kwg=256,mdimc=1,ndimc=1,vwa=8,vwb=16,ksplit=1"; do
    TXF_KERNEL_PATH=$K $A bench matmul --dtype f4 --shape $SH --strategy pad --params $P --compare none --repeat 7 --format json | sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
  done
  TXF_KERNEL_PATH=$K $A bench matmul --dtype f4 --shape $SH --strategy auto --compare none --repeat 7 --format json | sed "s/^{/{\"r\":$r,\"v\":\"$v\",\"auto\":1,/" >> $O
done; done
