#!/usr/bin/env bash
# Products with a K of 1 to 67 under a C of 1.5e6 elements or more, f32 and
# f64: auto, the simple kernel, and tiled block sets forced with pad (K steps
# of 4, 8 and 16), two rounds; cuBLAS (PyTorch, TF32 off) in the same call.
# From the checkout's root on the GPU machine; `../../h100-2026-11-27f/vec/sets.py call1`.
. "$(dirname "$0")/../../h100-2026-11-27f/vec/common.sh"
F4=4096x4096x1,4096x4096x2,4096x4096x4,4096x4096x8,4096x4096x16,4096x4096x32,4096x4096x64,13323x2371x2,8363x873x1,4976x8931x11,6837x915x21,15923x444x20,10234x6810x67,2083x4733x66,1979x13555x20,3001x2999x5,2500x7000x3,7000x2500x40,1500x1500x8,5000x5000x12
F8=4096x4096x2,4096x4096x8,4096x4096x32,13323x2371x2,4976x8931x11,6837x915x21,15923x444x20,2083x4733x66,3001x2999x5,7000x2500x40
SETS="t128k4:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=4
t128k8:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8
t128k16:mwg=128,nwg=128,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=16
t12864k8:mwg=128,nwg=64,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8
t12864k16:mwg=128,nwg=64,mdimc=16,ndimc=16,vwa=4,vwb=4,kwg=16
t64k4:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=1,vwb=1,kwg=4
t64k8:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=2,vwb=2,kwg=8
t64k16:mwg=64,nwg=64,mdimc=16,ndimc=16,vwa=4,vwb=4,kwg=16
t64sk4:mwg=64,nwg=64,mdimc=8,ndimc=8,vwa=4,vwb=4,kwg=4
t64sk8:mwg=64,nwg=64,mdimc=8,ndimc=8,vwa=4,vwb=4,kwg=8
t64sk16:mwg=64,nwg=64,mdimc=8,ndimc=8,vwa=4,vwb=4,kwg=16
t32k4:mwg=32,nwg=32,mdimc=8,ndimc=8,vwa=2,vwb=2,kwg=4
t32k8:mwg=32,nwg=32,mdimc=8,ndimc=8,vwa=2,vwb=2,kwg=8
t32k16:mwg=32,nwg=32,mdimc=8,ndimc=8,vwa=2,vwb=2,kwg=16"
for R in 1 2; do
  [ $R = 2 ] && [ $SECONDS -gt 300 ] && break
  for DT in f4 f8; do
    if [ $DT = f4 ]; then S=$F4; else S=$F8; fi
    run auto --dtype $DT --strategy auto
    run simple --dtype $DT --strategy simple
    for x in $SETS; do
      run ${x%%:*} --dtype $DT --strategy pad --params ${x#*:}
    done
  done
done
finish
