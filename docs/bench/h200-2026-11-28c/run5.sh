#!/bin/bash
# fused staging (CK_FUSED) and row-first group order (CKW=1) for the chunked kernel; u2 packed tiles
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$PWD/.ckv/tt
S=$PWD/.ckv/shim.so
R=$OUT/r5.jsonl
run() { "$@" >> $R; }
for sh in 16384_16384 8192_8192 12288_6144 6000_10000 7000_9000 4096_4096; do
  sh=${sh/_/ }
  for p in "tile=16 wg_rows=16" "tile=32 wg_rows=8"; do run $T 2 $sh 20 strategy=pad packed=1 $p; run $T 1 $sh 20 strategy=pad packed=1 $p; done
done
for round in 1 2; do
for e in 1 2; do
  if [ $e = 1 ]; then P="tile=128 wg_rows=2"; else P="tile=64 wg_rows=4"; fi
  for sh in 16383_16385 8191_8193 5964_7180 4390_8813 2137_9022 14694_2102 3921_3883 1205_11421; do
    sh=${sh/_/ }
    for o in "-DCK_FUSED=0" "-DCK_FUSED=1" "-DCK_FUSED=1 -DCKW=1" "-DCK_FUSED=0 -DCKW=1"; do
      XCLLOG=$OUT/regs.txt XCLOPT="$o -cl-nv-verbose" LD_PRELOAD=$S run $T $e $sh 20 strategy=pad packed=2 $P
    done
  done
done
done
grep -A2 "transpose_chunked" $OUT/regs.txt | grep "Used" | sort | uniq -c > $OUT/chunked_regs.txt
