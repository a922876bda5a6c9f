#!/bin/bash
# packed kernels on small and medium shapes: tiles of 16 and 8 blocks against c6e664c's (4 x 4 blocks, tile 16)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
NEWLD=$B/lib:$B/libs:/usr/local/nvidia/lib64
OLDLD=$PWD/.ckv/old:$B/libs:/usr/local/nvidia/lib64
export TXF_TUNING=0 TXF_BINARY_CACHE=0
R=$OUT/r12.jsonl
new() { LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl $PWD/.ckv/tt "$@" | sed 's/^{/{"v":"new",/' >> $R; }
old() { LD_LIBRARY_PATH=$OLDLD TXF_KERNEL_PATH=$PWD/.ckv/cl-old $PWD/.ckv/tt-old "$@" | sed 's/^{/{"v":"old",/' >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 590_696 1305_407 287_3263 405_710 997_1230 1880_1088 257_5785 403_4734 2048_2048 1120_6330 1500_2700 3000_3000 4096_4096; do
    sh=${sh/_/ }
    [ $SECONDS -gt 300 ] && break 2
    for e in 1 2; do
      new $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
      new $e $sh 20 strategy=pad packed=1 tile=8 wg_rows=8
      [ $e = 1 ] && new $e $sh 20 strategy=pad packed=1 tile=4 wg_rows=4
      old $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
    done
  done
done
echo "seconds $SECONDS"
