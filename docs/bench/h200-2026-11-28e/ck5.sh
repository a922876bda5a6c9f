#!/bin/bash
# 1-byte chunked kernel: raw aligned chunks staged with cp.async (-DCK_RAW -DCK_ASYNC), no registers,
# against the raw staging through registers (-DCK_RAW) and the committed kernel
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
R=$OUT/ck5.jsonl
T=$PWD/.ckv/tt
run() { local o=$1; shift; XCLLOG=$OUT/regs.txt XCLOPT="-cl-nv-verbose $o" LD_PRELOAD=$PWD/.ckv/shim.so $T "$@" | sed "s|^{|{\"v\":\"$o\",|" >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 16383_16385 8191_8193 4390_8813 2137_9022 3921_3883 14694_2102 3336_13201 15944_3239 1205_11421 5964_7180 2999_1501 1001_1103; do
    sh=${sh/_/ }
    [ $SECONDS -gt 240 ] && break 2
    for o in "" "-DCK_RAW" "-DCK_RAW -DCK_ASYNC"; do
      run "$o" 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=2
    done
  done
done
grep -B1 -A3 "transpose_chunked" $OUT/regs.txt | grep -E "Function|Used|stack|spill" | sort | uniq -c > $OUT/chunked_regs.txt
grep -i -B2 -A5 "error" $OUT/regs.txt | head -40 > $OUT/build_errors.txt
echo "seconds $SECONDS"
