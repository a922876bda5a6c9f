#!/usr/bin/env bash
# The tiled kernels' C stores as vectors where C's rows allow (this tree's
# cl/) against the kernels before (exp/prevcl, carried), one build, auto, in
# turn, two rounds: products with a small K and named shapes; then, with this
# tree's kernels, block sets forced with pad on the small-K products and f64
# products with a K of 96 to 256. cuBLAS in the same call. `summ2.py call2`.
. "$(dirname "$0")/../../h100-2026-11-27f/vec/common.sh"
F4=4096x4096x1,4096x4096x2,4096x4096x4,4096x4096x8,4096x4096x16,4096x4096x32,13323x2371x2,8363x873x1,4976x8931x11,6837x915x21,15923x444x20,10234x6810x67,2083x4733x66,1979x13555x20,3001x2999x5,2500x7000x3,7000x2500x40,5000x5000x12,3333x7777x9,9001x1234x27
N4=4096x4096x4096,4093x4093x4093,999x666x777,1000x1000x1000,3000x5000x700,2048x2048x2048,1500x1500x1500,5000x3000x300,123x4567x891,777x333x1555
F8=4096x4096x2,4096x4096x8,4096x4096x32,13323x2371x2,4976x8931x11,6837x915x21,15923x444x20,2083x4733x66,3001x2999x5,7000x2500x40,3333x7777x9,9001x1234x27
N8=4096x4096x4096,999x666x777,3000x5000x700,2048x2048x2048,5000x3000x300
K8=4096x4096x96,4096x4096x128,4096x4096x192,4096x4096x256,3000x5000x100,3000x5000x150,5000x3000x64,2500x2500x80
for R in 1 2; do
  for who in old new; do
    if [ $who = old ]; then kp=$PWD/exp/prevcl; else kp=$PWD/cl; fi
    for a in "f4 $F4" "f4 $N4" "f8 $F8" "f8 $N8" "f8 $K8"; do
      DT=${a%% *}; S=${a#* }
      env TXF_KERNEL_PATH=$kp TXF_CACHE_DIR=/tmp/cache-$who LD_LIBRARY_PATH=$B/lib:$B/libs:$NV \
        timeout 200 $B/tools/txf/txf bench matmul --shape $S --dtype $DT --strategy auto \
        --compare none --repeat 15 --format json |
        sed "s|^{|{\"round\":$R,\"set\":\"$who\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$R $who $DT rc $? $SECONDS s" >> $O/progress.txt
    done
  done
done
SETS="t128k4:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=4
t128k8:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8
t64k4:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=1,vwb=1,kwg=4
t64sk4:mwg=64,nwg=64,mdimc=8,ndimc=8,vwa=4,vwb=4,kwg=4
t64sk8:mwg=64,nwg=64,mdimc=8,ndimc=8,vwa=4,vwb=4,kwg=8
t64sk16:mwg=64,nwg=64,mdimc=8,ndimc=8,vwa=4,vwb=4,kwg=16
t32k8:mwg=32,nwg=32,mdimc=8,ndimc=8,vwa=2,vwb=2,kwg=8"
R=1
for a in "f4 $F4" "f8 $F8" "f8 $K8"; do
  DT=${a%% *}; S=${a#* }
  [ $SECONDS -gt 430 ] && break
  for x in $SETS; do
    run ${x%%:*} --dtype $DT --strategy pad --params ${x#*:}
  done
done
finish
