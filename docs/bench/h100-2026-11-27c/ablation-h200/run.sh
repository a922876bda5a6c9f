#!/usr/bin/env bash
# Copy ablation of the matrix-unit kernels (tm8 times without checking).
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/dg3; mkdir -p $O; H=$PWD/exp/dg3
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
F=mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=3,mma=3
for r in 1 2; do
 for v in v0 vfix vfixA vfixB vca vpf4 vpf12; do
  for set in entry F; do
   P=""; [ $set = F ] && P=$F
   for sh in "8192 8192 8192" "4096 4096 4096"; do
    echo "$r f8 $v $set $sh $(XPARAMS=$P TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v-$set timeout 100 $H/tm8 f8 0 $sh 10 2>&1)" >> $O/summary.txt
   done
  done
  echo "$r f2 $v entry 8192 $(TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v-f2 timeout 100 $H/tm8 f2 0 8192 8192 8192 10 2>&1)" >> $O/summary.txt
  echo "$r tf32 $v entry 8192 $(TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v-tf timeout 100 $H/tm8 f4 3 8192 8192 8192 10 2>&1)" >> $O/summary.txt
 done
 echo "round $r $(( $(date +%s) - t0 )) s" >> $O/log.txt
done
cd $OUT && tar czf dg3.tgz dg3 && rm -rf dg3
