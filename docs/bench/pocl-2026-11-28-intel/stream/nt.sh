#!/usr/bin/env bash
# nt.sh OUT [ROUNDS]: this tree's auto choice against ordinary stores forced (stores=-1), outputs
# of about 0.5 to 3 MB, rows on 64-byte lines and off them, 1- to 8-byte elements, in turn.
set -u
O=$1 R=${2:-3}
export TXF_TUNING=0 POCL_AFFINITY=1 TXF_KERNEL_PATH=$PWD/cl
for r in $(seq $R); do for d in u1 f2 f4 f8; do
  case $d in u1) S=1024x640,1024x1024,1536x1024,1536x1536,1000x700,1001x1001,1300x1500,1700x1700;;
    f2) S=1024x320,1024x512,1536x512,1536x768,700x500,707x701,1111x999,1200x1300;;
    f4) S=1024x160,1024x256,1536x256,1536x384,500x350,501x509,777x800,850x851;;
    f8) S=1024x80,1024x128,1536x128,1536x192,350x250,355x361,555x560,600x601;; esac
  for v in auto ord; do
    if [ $v = auto ]; then P=; else P="--param stores=-1"; fi
    exp/rel/tools/txf/txf bench transpose --dtype $d --shape $S --strategy pad --param stream=1 $P --repeat 20 --format json 2>/dev/null |
      sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
  done
done; done
