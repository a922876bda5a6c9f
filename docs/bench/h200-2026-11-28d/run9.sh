#!/bin/bash
# packed kernels: rows loaded with no branch between them (new) against the committed form (head); chunked for reference
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0
R=$OUT/r9.jsonl
T=$PWD/.ckv/tt
run() { v=$1; shift; TXF_KERNEL_PATH=$PWD/$v $T "$@" | sed "s|^{|{\"v\":\"$v\",|" >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 16384_16384 6000_10000 8196_6004 4096_4100 8192_8191 4096_12291 9600_5003 16383_16385 8191_8193 4390_8813 2137_9022 3921_3883 14694_2102; do
    sh=${sh/_/ }
    [ $SECONDS -gt 400 ] && break 2
    for e in 1 2; do
      for v in cl .ckv/cl-head; do
        run $v $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=16
        [ $e = 2 ] && run $v $e $sh 20 strategy=pad packed=1 tile=16 wg_rows=8
      done
      if [ $e = 1 ]; then run cl 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2; else run cl 2 $sh 20 strategy=pad packed=2 tile=64 wg_rows=4; fi
    done
  done
done
echo "seconds $SECONDS"
gzip -k $R
