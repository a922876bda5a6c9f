#!/bin/bash
# packed kernels with 8-byte block rows (new) against HEAD's 4 x 4 blocks (old); chunked HEAD vs 1b6ecd8; u1 one-step
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
NEWLD=$B/lib:$B/libs:/usr/local/nvidia/lib64
OLDLD=$PWD/.ckv/old:$B/libs:/usr/local/nvidia/lib64
export TXF_TUNING=0 TXF_BINARY_CACHE=0
S=$PWD/.ckv/shim.so
R=$OUT/r6.jsonl
new() { LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl $PWD/.ckv/tt "$@" | sed 's/^{/{"v":"new",/' >> $R; }
old() { LD_LIBRARY_PATH=$OLDLD TXF_KERNEL_PATH=$PWD/.ckv/cl-old $PWD/.ckv/tt-old "$@" | sed 's/^{/{"v":"old",/' >> $R; }
ck0() { LD_LIBRARY_PATH=$OLDLD TXF_KERNEL_PATH=$PWD/exp/ck/cl-1b6ecd8 $PWD/.ckv/tt-old "$@" | sed 's/^{/{"v":"ck1b6",/' >> $R; }
one() { XCLOPT="-DCK_U1_ONESTEP" LD_PRELOAD=$S LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl $PWD/.ckv/tt "$@" | sed 's/^{/{"v":"onestep",/' >> $R; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 16384_16384 8192_8192 12288_6144 4096_4096 2048_2048 6000_10000 7000_9000 8196_6004 3000_12000 11000_2500; do
    sh=${sh/_/ }
    for p in "tile=16 wg_rows=16" "tile=16 wg_rows=8" "tile=8 wg_rows=8"; do new 1 $sh 20 strategy=pad packed=1 $p; done
    old 1 $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
    for p in "tile=16 wg_rows=16" "tile=32 wg_rows=8" "tile=16 wg_rows=8"; do new 2 $sh 20 strategy=pad packed=1 $p; done
    old 2 $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
  done
  for sh in 16383_16385 8191_8193 5964_7180 4390_8813 2137_9022 14694_2102 3921_3883 1205_11421; do
    sh=${sh/_/ }
    new 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2
    ck0 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2
    one 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2
    new 2 $sh 20 strategy=pad packed=2 tile=64 wg_rows=4
    ck0 2 $sh 20 strategy=pad packed=2 tile=64 wg_rows=4
  done
done
