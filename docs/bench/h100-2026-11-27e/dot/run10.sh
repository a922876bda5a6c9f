#!/usr/bin/env bash
# Row-vector products (C of 1 to 4 rows, B stored K x N): tiled block sets of
# a few rows and many columns, pad, against auto (the reduction kernel), and
# C of 8 to 32 columns or rows: three block sets against auto. cuBLAS is
# taken from calls 9 and 6 (this call's failed: the script then ran from
# another folder).
. "$(dirname "$0")/common.sh"
S=1x4096x4096,1x16384x16384,1x8192x512,2x4096x4096,3x30000x3000,4x4096x4096,1x2099x5594,1x5702x3702,1x15440x360,4x694x587
T=4096x8x4096,4096x16x4096,4096x32x4096,8x4096x4096,16x4096x4096,32x4096x4096,100000x8x128,8192x8x512
for R in 1 2; do
  run auto --shape $S
  run s1 --shape $S --strategy pad --params mwg=4,nwg=256,kwg=16,mdimc=1,ndimc=64,vwa=1,vwb=4
  run s2 --shape $S --strategy pad --params mwg=4,nwg=128,kwg=32,mdimc=1,ndimc=32,vwa=1,vwb=4
  run s3 --shape $S --strategy pad --params mwg=8,nwg=128,kwg=16,mdimc=2,ndimc=32,vwa=1,vwb=4
  run s4 --shape $S --strategy pad --params mwg=4,nwg=512,kwg=8,mdimc=1,ndimc=128,vwa=1,vwb=4
  run f8auto --shape $S --dtype f8
  run f8s1 --shape $S --dtype f8 --strategy pad --params mwg=4,nwg=256,kwg=16,mdimc=1,ndimc=64,vwa=1,vwb=4
  run tauto --shape $T
  run t1 --shape $T --strategy pad --params mwg=32,nwg=32,kwg=16,mdimc=8,ndimc=8,vwa=2,vwb=2
  run t2 --shape $T --strategy pad --params mwg=64,nwg=32,kwg=16,mdimc=16,ndimc=8,vwa=2,vwb=2
  run t3 --shape $T --strategy pad --params mwg=16,nwg=16,kwg=16,mdimc=8,ndimc=8,vwa=2,vwb=2
  save
done
finish
