#!/usr/bin/env bash
# C of 5 to 32 columns and a long side (A, M x K, the long operand): tiled
# block sets of many rows and few columns, pad, against auto; cuBLAS.
. "$(dirname "$0")/common.sh"
S=4096x8x4096,4096x16x4096,4096x32x4096,8192x8x512,100000x8x128,13476x30x3056,15997x32x7546,5508x29x560,6838x5x1589,1662x6x314,16384x12x8192,3000x24x3000
for R in 1 2; do
  for dt in f4 f8; do
    run auto --shape $S --dtype $dt
    run c1 --shape $S --dtype $dt --strategy pad --params mwg=256,nwg=8,kwg=16,mdimc=64,ndimc=2,vwa=4,vwb=1
    run c2 --shape $S --dtype $dt --strategy pad --params mwg=128,nwg=8,kwg=16,mdimc=32,ndimc=2,vwa=4,vwb=1
    run c3 --shape $S --dtype $dt --strategy pad --params mwg=128,nwg=16,kwg=16,mdimc=32,ndimc=4,vwa=4,vwb=1
    run c4 --shape $S --dtype $dt --strategy pad --params mwg=128,nwg=32,kwg=16,mdimc=32,ndimc=4,vwa=4,vwb=2
  done
  save
done
finish
