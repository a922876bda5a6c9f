#!/usr/bin/env bash
# f64 ablation: what holds the matrix-unit kernel (tm8 times without checking).
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/dg2; mkdir -p $O; H=$PWD/exp/dg
t0=$(date +%s)
for r in 1 2; do
 for v in v0 v1noload v3nolnobar v4nobar v5nomma v6nofrag; do
  for set in entry B; do
   P=""; [ $set = B ] && P=mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=4,mma=3
   for sh in "8192 8192 8192" "4096 4096 4096"; do
    echo "$r $v $set $(XPARAMS=$P XCLOPT=-cl-nv-verbose XCLLOG=$O/$v-$set.regs LD_PRELOAD=$H/shim.so TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v-$set timeout 100 $H/tm8 f8 0 $sh 10 2>&1)" >> $O/summary.txt
   done
  done
 done
 echo "round $r $(( $(date +%s) - t0 )) s" >> $O/log.txt
done
python3 docs/bench/h100-2026-11-26/host/sass.py /tmp/c-v0-entry $O/sass >> $O/log.txt 2>&1
cd $OUT && tar czf dg2.tgz dg2 && rm -rf dg2
