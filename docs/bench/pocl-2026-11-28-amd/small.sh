#!/usr/bin/env bash
# OLD_TXF=... OLD_CL=... NEW_TXF=... NEW_CL=... small.sh OUT: old/new in turn, f4 and f8 small shapes, repeat 100, 3 rounds
set -u
O=$1
export POCL_AFFINITY=1 TXF_TUNING=0
S=17x85,21x298,49x121,64x904,65x302,70x107,90x109,105x181,130x51,132x100,145x183,150x459,179x40,199x302,349x127,2380x55,250x32,75x17
for r in 1 2 3; do for side in old new; do
  if [ $side = old ]; then T=${OLD_TXF:?} C=${OLD_CL:?}; else T=${NEW_TXF:?} C=${NEW_CL:?}; fi
  for dt in f4 f8; do
    TXF_KERNEL_PATH=$C $T bench transpose --dtype $dt --shape $S --strategy auto --compare none --repeat 100 --format json 2>/dev/null | sed "s|^{|{\"tree\":\"$side\",\"round\":$r,|" >> $O
  done
done; done
