#!/usr/bin/env bash
# This tree (the tiled kernels' C stores by C's alignment: vectors, or rows
# through local memory; the f64 shallow blocks) against 18688c6, auto, in
# turn, two rounds: products with a small K (named, and random ones: m, n
# 512 to 16384, K 1 to 64, log-uniform, Python's random with seed 83), and
# named shapes; then block sets forced with pad on the small-K products.
# cuBLAS in the same call. `summ.py call1`.
. "$(dirname "$0")/common.sh"
F4=4096x4096x1,4096x4096x2,4096x4096x4,4096x4096x8,4096x4096x16,4096x4096x32,13323x2371x2,8363x873x1,4976x8931x11,6837x915x21,15923x444x20,10234x6810x67,2083x4733x66,1979x13555x20,3001x2999x5,2500x7000x3,7000x2500x40,5000x5000x12,3333x7777x9,9001x1234x27
R4=2858x9973x1,1900x607x15,986x1494x30,619x872x4,8528x2660x14,11622x1136x6,913x7685x1,7055x1717x11,977x12933x4,2475x13235x12,1560x1137x44,6156x4523x10,12492x797x5,8559x4988x13,4993x2633x10,2266x13687x3
N4=4096x4096x4096,4093x4093x4093,999x666x777,1000x1000x1000,3000x5000x700,2048x2048x2048,1500x1500x1500,5000x3000x300,123x4567x891,777x333x1555,8192x8192x8192,8191x8193x4097
F8=4096x4096x2,4096x4096x8,4096x4096x32,13323x2371x2,4976x8931x11,6837x915x21,15923x444x20,2083x4733x66,3001x2999x5,7000x2500x40,3333x7777x9,9001x1234x27
R8=1245x1523x2,4320x3798x1,1224x10940x3,5224x2143x2,14841x4598x3,3811x1435x27,552x2312x14,6551x733x1,2472x3961x7,628x1293x19,3127x13504x1,4332x3931x6
N8=4096x4096x4096,999x666x777,3000x5000x700,2048x2048x2048,5000x3000x300,4096x4096x64,4096x4096x128,3000x5000x100,2500x2500x80,4093x4093x4093
inturn "f4 $F4" "f4 $R4" "f4 $N4" "f8 $F8" "f8 $R8" "f8 $N8"
R=1
for a in "f8 $F8,$R8" "f4 $F4"; do
  DT=${a%% *}; S=${a#* }
  for x in t128k8:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8 \
           t128k4:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=4 \
           t64k8:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8 \
           t64k4:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=1,vwb=1,kwg=4; do
    [ $SECONDS -gt 470 ] && break
    run ${x%%:*} --dtype $DT --strategy pad --params ${x#*:}
  done
done
finish
