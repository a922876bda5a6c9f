#!/bin/bash
# shifted packed kernel: as committed (x0), one pass of TILE + 4 block rows (x1); outputs on 8 bytes through transpose_packed (x8)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
R=$OUT/r10.jsonl
T=$PWD/.ckv/tt
run() { x=$1; shift; TXF_EXP_PK=$x $T "$@" | sed "s|^{|{\"x\":$x,|" >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 3000_12000 6000_10000 7000_9000 11000_2500 5000_7000 8196_6004 16383_16385 4390_8813 2137_9022; do
    sh=${sh/_/ }
    [ $SECONDS -gt 330 ] && break 2
    for e in 1 2; do
      for x in 0 1 8; do
        run $x $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
        [ $e = 2 ] && [ $x != 1 ] && run $x $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=8
      done
    done
  done
done
echo "seconds $SECONDS"
gzip -k $R
