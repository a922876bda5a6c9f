#!/bin/bash
# small 1-byte shapes: the packed kernel (tile 16), auto without it, the chunked kernel; ptxas lines of the packed builds
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
R=$OUT/r14.jsonl
T=$PWD/.ckv/tt
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 590_696 1305_407 287_3263 405_710 997_1230 1880_1088 257_5785 403_4734 1200_1203 800_2001; do
    sh=${sh/_/ }
    [ $SECONDS -gt 80 ] && break 2
    XCLLOG=$OUT/regs.txt XCLOPT="-cl-nv-verbose" LD_PRELOAD=$PWD/.ckv/shim.so $T 1 $sh 20 strategy=pad packed=1 tile=16 wg_rows=16 >> $R
    $T 1 $sh 20 packed=-1 >> $R
    $T 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2 >> $R
  done
done
grep -B1 -A3 "transpose_packed" $OUT/regs.txt | grep -E "Function|Used|stack|spill" | sort | uniq -c > $OUT/packed_regs.txt
echo "seconds $SECONDS"
