#!/bin/bash
# packed kernels' edge blocks loaded from clamped indices, no branch between loads (new) against HEAD (prev) and c6e664c (old), small shapes
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
NEWLD=$B/lib:$B/libs:/usr/local/nvidia/lib64
OLDLD=$PWD/.ckv/old:$B/libs:/usr/local/nvidia/lib64
export TXF_TUNING=0 TXF_BINARY_CACHE=0
R=$OUT/r13.jsonl
new() { LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl $PWD/.ckv/tt "$@" | sed 's/^{/{"v":"new",/' >> $R; }
prev() { LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/.ckv/cl-prev $PWD/.ckv/tt "$@" | sed 's/^{/{"v":"prev",/' >> $R; }
old() { LD_LIBRARY_PATH=$OLDLD TXF_KERNEL_PATH=$PWD/.ckv/cl-old $PWD/.ckv/tt-old "$@" | sed 's/^{/{"v":"old",/' >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 590_696 1305_407 287_3263 405_710 997_1230 1880_1088 257_5785 403_4734 3000_3000 4096_4096; do
    sh=${sh/_/ }
    [ $SECONDS -gt 150 ] && break 2
    for e in 1 2; do
      new $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
      prev $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
      [ $e = 1 ] && old $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
    done
  done
done
echo "seconds $SECONDS"
