#!/usr/bin/env bash
# stores.sh TXF OUT: streaming kernel, ordinary (-1) vs non-temporal (1) stores, per dtype,
# shapes on and off lines, 0.25 to 64 MB of input; R rounds in turn.
set -u
T=$1 O=$2 R=${3:-2}
export POCL_AFFINITY=1 TXF_TUNING=0
for r in $(seq $R); do
for dt in u1 u2 f4 f8; do
  e=${dt#?}
  case $e in 1) S="512x512,500x500,1024x1024,1088x1088,1000x1000,2112x2112,4160x4160,1536x1536,1500x1500,2048x2048,2000x2000,2944x2944,2900x2900,4096x4096,4000x4000,5888x5888,5800x5800,8192x8192,8000x8000";;
             2) S="384x384,360x360,768x768,720x720,1088x1088,1050x1050,1536x1536,1500x1500,2112x2112,2050x2050,3008x3008,2900x2900,4224x4224,4100x4100,6016x6016,5800x5800";;
             4) S="256x256,250x250,512x512,500x500,768x768,720x720,1024x1024,1040x1040,2064x2064,1000x1000,1536x1536,1500x1500,2048x2048,2000x2000,2944x2944,2900x2900,4096x4096,4000x4000";;
             8) S="192x192,180x180,368x368,360x360,528x528,520x520,768x768,720x720,1056x1056,1050x1050,1504x1504,1450x1450,2048x2048,2000x2000,2944x2944,2900x2900";;
  esac
  for st in -1 1; do
    $T bench transpose --dtype $dt --shape $S --strategy pad --param stream=1 --param stores=$st --compare none --repeat 10 --format json 2>/dev/null | sed "s|^{|{\"round\":$r,\"st\":$st,|" >> $O
  done
done; done
