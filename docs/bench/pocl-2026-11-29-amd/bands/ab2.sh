#!/bin/bash
# shifted streaming kernel: 256 input rows per work-item against bands of at most 16 tiles, equal (SBAL 2; 1: not where staged)
cd /work/main
export TXF_TUNING=0 POCL_AFFINITY=1 TXF_KERNEL_PATH=$PWD/cl NOCHECK=1
for round in 1 2 3; do
  for s in "1 4093 4099" "1 4093 4160" "1 3001 2999" "1 5000 5001" "1 1000 4096" "1 2500 3000" "1 6000 1500" "1 1500 6000" "1 1200 1100" "1 1000 1000" "1 700 3000" "1 1100 2048" \
           "2 4093 4099" "2 3001 2999" "2 2050 2050" "2 1000 3000" "2 5000 1500" "2 1000 2048" "2 800 1000" "2 3000 700"; do
    set -- $s
    ./exp/tt $s 15 | sed "s/^{/{\"round\":$round,\"v\":0,/"
    SBAL=2 ./exp/tt $s 15 | sed "s/^{/{\"round\":$round,\"v\":2,/"
  done
done
