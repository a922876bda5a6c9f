#!/usr/bin/env bash
# mid.sh OLD NEW OUT [ROUNDS]: as run.sh (auto, OLD with OLD_CL or OLD/../cl, NEW with this
# checkout's cl/, in turn), on outputs of 0.3 to 3 MB drawn for this change's thresholds:
# rows on 64-byte lines and off them, 1- to 8-byte elements. `summ.py OUT`.
set -u
OLD=$1 NEW=$2 O=$3 R=${4:-3}
OLD_CL=${OLD_CL:-$OLD/../cl}
export TXF_TUNING=0 POCL_AFFINITY=1
for r in $(seq $R); do for v in old new; do
  if [ $v = old ]; then B=$OLD K=$OLD_CL; else B=$NEW K=$PWD/cl; fi
  for d in u1 f2 f4 f8; do
    case $d in u1) S=640x512,1024x640,1024x1024,1536x1024,1536x1536,1000x700,1001x1001,1300x1500,1700x1700,811x463;;
      f2) S=640x256,1024x320,1024x512,1536x512,1536x768,700x500,707x701,1111x999,1200x1300,463x811;;
      f4) S=640x128,1024x160,1024x256,1536x256,1536x384,500x350,501x509,777x800,850x851,333x555;;
      f8) S=640x64,1024x80,1024x128,1536x128,1536x192,350x250,355x361,555x560,600x601,222x333;; esac
    TXF_KERNEL_PATH=$K $B/tools/txf/txf bench transpose --dtype $d --shape $S --strategy auto --repeat 10 --format json 2>/dev/null |
      sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
  done
done; done
