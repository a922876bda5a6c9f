#!/bin/bash
# packed kernels (8-byte block rows) with several group shapes against the chunked kernel, off words on one or both sides
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
R=$OUT/r7.jsonl
T=$PWD/.ckv/tt
run() { "$T" "$@" >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 3000_12000 7000_9000 11000_2500 8196_6004 5964_7180 8192_8191 4096_12291 9600_5003 16383_16385 8191_8193 4390_8813 2137_9022 3921_3883 1205_11421 14694_2102; do
    sh=${sh/_/ }
    [ $SECONDS -gt 480 ] && break 2
    for e in 1 2; do
      for p in "tile=16 wg_rows=16" "tile=16 wg_rows=8" "tile=16 wg_rows=4" "tile=8 wg_rows=8"; do run $e $sh 20 strategy=pad packed=1 $p; done
      if [ $e = 1 ]; then run 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2; else run 2 $sh 20 strategy=pad packed=2 tile=64 wg_rows=4; fi
    done
  done
done
echo "seconds $SECONDS"
