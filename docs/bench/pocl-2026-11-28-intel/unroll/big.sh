#!/usr/bin/env bash
# From the checkout's root, with exp/rel a release build; KDIR holds one copy of cl/ per version
# (orig: cl/ of 8860554, man: 187d420, u2/u4/u8: 8860554 with "#pragma unroll N" on the k loop).
KDIR=${KDIR:-/tmp/ab}
export TXF_TUNING=0 POCL_CACHE_DIR=/tmp/pk
O=$1; shift
for r in 1 2 3 4 5; do for v in "$@"; do for dt in f4 f8; do
  POCL_MAX_PTHREAD_COUNT=${THR:-1} TXF_KERNEL_PATH=$KDIR/$v exp/rel/tools/txf/txf bench matmul --dtype $dt --shape 1024,2048x1024x1024,999x666x777,3000x500x700,512x3000x256,1500x1500x300,700x700x2000 --strategy auto --compare none --repeat 5 --format json 2>/dev/null | sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
done; done; done
