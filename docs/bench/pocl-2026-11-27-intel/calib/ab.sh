#!/usr/bin/env bash
# sgemm (dgemm) auto with the built-in rates (TXF_TUNING=0) and with a calibrated tuning file
# in CACHE (txf tune --op matmul run with TXF_CACHE_DIR=CACHE), in turn, ROUNDS rounds (default
# 3): sweeps of SEEDS (default "31 32 33": 1 to 2048, 1 to 4096, 16 to 1024 per side, 30
# products each) and 20 named products. `summ.py OUT`. From the checkout's root.
# Usage: ab.sh BUILD CACHE OUT [f4|f8]
set -u
A=$1/tools/txf/txf; C=$2; O=$3; DT=${4:-f4}
read -r S1 S2 S3 <<< "${SEEDS:-31 32 33}"
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=$C
SK=16x16x100000,1x16x50000,3x5x30001,8x8x100000,1x2048x2048,2048x1x2048,2048x4x2048,2048x2x2048,4096x1x4096,1x4096x4096
SK=$SK,8192x1x512,1000x3x1000,3000x6x500,500x12x3000,64x64x50000,64x50000x64,1024x1024x1024,999x666x777,2363x2806x27,269x1018x698
for r in ${ROUNDS:-1 2 3}; do
  for s in "--sweep 30 --seed $S1 --sweep-range 1:2048" "--sweep 30 --seed $S2 --sweep-range 1:4096" "--sweep 30 --seed $S3 --sweep-range 16:1024" "--shape $SK"; do
    TXF_TUNING=0 $A bench matmul --dtype $DT $s --strategy auto --compare none --repeat 7 --format json | sed "s/^{/{\"r\":$r,\"v\":\"builtin\",/" >> "$O"
    $A bench matmul --dtype $DT $s --strategy auto --compare none --repeat 7 --format json | sed "s/^{/{\"r\":$r,\"v\":\"calibrated\",/" >> "$O"
  done
done
