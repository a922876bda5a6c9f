#!/usr/bin/env bash
# lines.sh BUILD OUT: transposes whose output rows start on 64-byte lines, the streaming kernel
# with non-temporal (stores 1) and ordinary (stores -1) stores in turn, six rounds, 1- to
# 16-byte elements at 1 to 6.5 MB. `lines.py OUT`. From the checkout's root.
set -u
B=$1 O=$2
export TXF_KERNEL_PATH=$PWD/cl
for r in 1 2 3 4 5 6; do for st in 1 -1; do for d in u1 f2 f4 f8 c16; do
  case $d in
    u1) S=1024x1024,1536x1536,2112x2112,2560x2560;;
    f2) S=768x768,1088x1088,1536x1536,1792x1792;;
    f4) S=512x512,768x768,1088x1088,1280x1280;;
    f8) S=384x384,512x512,768x768,896x896;;
    c16) S=256x256,384x384,512x512,640x640;;
  esac
  $B/tools/txf/txf bench transpose --dtype $d --strategy pad --param stream=1 --param stores=$st \
    --shape $S --repeat 10 --format json 2>/dev/null | sed "s/^{/{\"st\":$st,\"r\":$r,/" >> $O
done; done; done
