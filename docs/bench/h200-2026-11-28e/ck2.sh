#!/bin/bash
# chunked kernel: staged loads with no branch between them (-DCK_BF, through the shim) and
# groups of ceil(R (T + sector) / T) rows (TXF_EXP_CK=1, host switch in the patched build);
# 1-byte elements transposed in 8 x 8 blocks between separate staged and output rows (-DCK_B8)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
R=$OUT/ck2.jsonl
T=$PWD/.ckv/tt
run() { x=$1; o=$2; shift 2; TXF_EXP_CK=$x XCLOPT="$o" LD_PRELOAD=$PWD/.ckv/shim.so $T "$@" | sed "s|^{|{\"x\":$x,|" >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 16383_16385 8191_8193 4390_8813 2137_9022 3921_3883 14694_2102 3336_13201 15944_3239 1205_11421 287_3263; do
    sh=${sh/_/ }
    [ $SECONDS -gt 400 ] && break 2
    for x in 0 1; do for o in "" "-DCK_BF"; do
      run $x "$o" 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2
      run $x "$o -DCK_B8" 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2
      run $x "$o" 2 $sh 20 strategy=pad packed=2 tile=64 wg_rows=4
    done; done
  done
done
echo "seconds $SECONDS"
