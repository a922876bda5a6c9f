#!/usr/bin/env bash
# From the checkout's root; BUILD a release build with -Dblas=enabled.
# forced ordinary (-1) and non-temporal (1) stores of the streaming kernel, in turn, rounds
set -u
A=$1/tools/txf/txf; O=$2
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
SH=573x1471,1001x1001,1024x1024,1500x1700,2048x2048,2900x2900,4093x4099,4096x4096,6007x6001,8192x4096
for r in 1 2 3; do for d in u1 f2 f4 f8; do for st in -1 1; do
  $A bench transpose --dtype $d --shape $SH --strategy pad --param stream=1 --param stores=$st --repeat 10 --format json 2>/dev/null | sed "s/^{/{\"r\":$r,\"st\":$st,/" >> $O
done; done; done
