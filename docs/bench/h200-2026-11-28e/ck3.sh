#!/bin/bash
# 1-byte chunked kernel: staged as raw aligned chunks, shifted as the transpose reads them (-DCK_RAW)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
R=$OUT/ck3.jsonl
T=$PWD/.ckv/tt
run() { local o=$1; shift; XCLLOG=$OUT/regs.txt XCLOPT="-cl-nv-verbose $o" LD_PRELOAD=$PWD/.ckv/shim.so $T "$@" | sed "s|^{|{\"v\":\"$o\",|" >> $R; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  for sh in 16383_16385 8191_8193 4390_8813 2137_9022 3921_3883 14694_2102 3336_13201 15944_3239 1205_11421 5964_7180; do
    sh=${sh/_/ }
    [ $SECONDS -gt 300 ] && break 2
    for w in 2 4; do for o in "" "-DCK_RAW"; do
      run "$o" 1 $sh 20 strategy=pad packed=2 tile=128 wg_rows=$w
    done; done
  done
done
grep -B1 -A3 "transpose_chunked" $OUT/regs.txt | grep -E "Function|Used|stack|spill" | sort | uniq -c > $OUT/chunked_regs.txt
echo "seconds $SECONDS"
