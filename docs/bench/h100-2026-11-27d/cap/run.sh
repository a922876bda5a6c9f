#!/usr/bin/env bash
# Register caps on the f16 / TF32 / 3xTF32 matrix-unit programs (more work-groups per SM), tm8 unchecked; ptxas -v on the programs.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=$OUT/cap; mkdir -p $O; H=$PWD/exp/cap
t0=$(date +%s)
for r in 1 2; do
 for cap in 0 168 128; do
  X=env; [ $cap != 0 ] && X="env TXF_X_MOPTS=-cl-nv-maxrregcount=$cap TXF_X_MONLY=-DMMA=4"
  for dt in "f2 0" "f4 3" "f4 2"; do
   for sh in "8192 8192 8192" "4096 4096 4096"; do
    [ $(( $(date +%s) - t0 )) -gt 300 ] && continue
    echo "$r cap$cap $($X TXF_CACHE_DIR=/tmp/cap-$cap timeout 60 $H/tm8 $dt $sh 10 2>&1 | tail -1)" >> $O/summary.txt
   done
  done
 done
done
for cap in 0 168 128; do echo "== cap $cap" >> $O/regs.txt; timeout 60 python3 $H/mregs.py  # mregs.py: docs/bench/h100-2026-11-26/host/regcap/mregs.py with mregs.patch /tmp/cap-$cap /tmp/ptx-$cap >> $O/regs.txt 2>&1; done
which ptxas >> $O/regs.txt 2>&1
cd $OUT && tar czf cap.tgz cap && rm -rf cap
