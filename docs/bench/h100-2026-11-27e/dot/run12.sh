#!/usr/bin/env bash
# A C of five to 16 rows times a long B, and of one to four again: the 4 x 256
# blocks (rows4), 8 x 256 (r8a: 2 x 32 work-items of 4 x 8) and 8 x 128 (r8b:
# 2 x 32 of 4 x 4), pad, against auto; cuBLAS.
. "$(dirname "$0")/common.sh"
S=8x4096x4096,5x2452x3247,6x2521x1177,8x8192x512,8x100000x128,7x5000x5000,16x4096x4096,1x4096x4096,2x4096x4096,4x4096x4096,1x16384x16384,3x30000x3000
for R in 1 2; do
  for dt in f4 f8; do
    run auto --shape $S --dtype $dt
    run rows4 --shape $S --dtype $dt --strategy pad --params mwg=4,nwg=256,kwg=16,mdimc=1,ndimc=64,vwa=1,vwb=4
    run r8a --shape $S --dtype $dt --strategy pad --params mwg=8,nwg=256,kwg=16,mdimc=2,ndimc=32,vwa=1,vwb=4
    run r8b --shape $S --dtype $dt --strategy pad --params mwg=8,nwg=128,kwg=16,mdimc=2,ndimc=32,vwa=1,vwb=4
  done
  save
done
finish
