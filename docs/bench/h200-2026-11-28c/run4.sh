#!/bin/bash
# the same diagnostics with the library's binary cache off (each variant built)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$PWD/.ckv/tt
S=$PWD/.ckv/shim.so
R=$OUT/r4.jsonl
run() { "$@" >> $R; }
for e in 1 2; do
  if [ $e = 1 ]; then P="tile=128 wg_rows=2"; SH="16383_16385 5964_7180 16384_16384"; else P="tile=64 wg_rows=4"; SH="16383_16385 8191_8193"; fi
  for sh in $SH; do
    sh=${sh/_/ }
    for o in "-DCKV=0" "-DCKV=1536" "-DCKV=1024" "-DCKV=512" "-DCKV=39" "-DCKV=8" "-DCKV=24" "-DCKW=8" "-DCKW=1" "-DCK_AL=64" "-DCK_AL=128" "-DCKV=0"; do
      case $o in *1536|*1024|*512|*39) export NOCHECK=1;; *) unset NOCHECK;; esac
      XCLLOG=$OUT/regs.txt XCLOPT="$o -cl-nv-verbose" LD_PRELOAD=$S run $T $e $sh 20 strategy=pad packed=2 $P
    done
  done
done
unset NOCHECK
run $T 1 16383 16385 20 strategy=pad packed=2 tile=64 wg_rows=4
grep -A2 "transpose_chunked" $OUT/regs.txt | grep -v "^--" | grep "Used" | sort | uniq -c > $OUT/chunked_regs.txt
