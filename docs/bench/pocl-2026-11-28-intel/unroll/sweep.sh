#!/usr/bin/env bash
# A/B of kernel dirs $KDIR/$v: auto on sweeps, alternating, rounds
# From the checkout's root, with exp/rel a release build; KDIR holds one copy of cl/ per version
# (orig: cl/ of 8860554, man: 187d420, u2/u4/u8: 8860554 with "#pragma unroll N" on the k loop).
KDIR=${KDIR:-/tmp/ab}
export TXF_TUNING=0 POCL_CACHE_DIR=/tmp/pk
O=$1; shift
for r in 1 2 3; do for v in "$@"; do for dt in f4 f8; do
  TXF_KERNEL_PATH=$KDIR/$v exp/rel/tools/txf/txf bench matmul --dtype $dt --sweep 16 --seed 77 --sweep-range 64:2048 --strategy auto --compare none --repeat 5 --format json | sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
  TXF_KERNEL_PATH=$KDIR/$v exp/rel/tools/txf/txf bench matmul --dtype $dt --shape 1024,2048,999x666x777,3000x500x700,512x3000x256 --strategy auto --compare none --repeat 5 --format json | sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
done; done; done
