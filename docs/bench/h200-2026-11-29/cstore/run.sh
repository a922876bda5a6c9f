#!/usr/bin/env bash
# f32 products with C rows off 16 bytes and a K of 65 to 192 (seed 31): C stores by the rule (3: columns
# one apart), through local memory (2, TXF_X_CSTORE=2 where the rule stores 2 or 3... forced), element stores from runs (0)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=$PWD/exp/gpu/cs/lib:/usr/local/nvidia/lib64
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-cs
T=$PWD/exp/gpu/cs/tools/txf/txf
S=6660x1469x73,1902x8170x76,7795x6271x75,4416x3461x102,15839x1295x66,2499x2750x183,4562x14074x161,2539x2527x100,6009x10159x184,4542x6489x72,1707x12853x125,1726x3529x155,3431x8911x119,7467x6829x186,8399x2027x149,15350x2629x66,2830x2189x79,1149x5486x81,1709x9733x90,1665x3529x138,4276x7302x107,7301x3649x75,1408x8769x146,3248x1477x98
SECONDS=0
for round in 1 2; do
  for v in rule stage2 c0; do
    case $v in rule) unset TXF_X_CSTAGEK TXF_X_CSTORE;; stage2) export TXF_X_CSTAGEK=256; unset TXF_X_CSTORE;; c0) export TXF_X_CSTORE=0; unset TXF_X_CSTAGEK;; esac
    timeout 120 $T bench matmul --strategy auto --compare none --repeat 10 --format json --shape $S 2>>$OUT/err.txt | sed "s/^{/{\"v\":\"$v\",\"round\":$round,/" >> $OUT/cs.jsonl
    echo "$round $v $SECONDS" >> $OUT/progress.txt
  done
done
