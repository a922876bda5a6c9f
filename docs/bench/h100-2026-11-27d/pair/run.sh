#!/usr/bin/env bash
# Pairing experiment: L1 hits (fixed sources), smid-paired tiles, placement probe. tm8 unchecked.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/pair; mkdir -p $O; H=$PWD/exp/pair
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
for v in vprobe vprobepair; do
 DUMP=$O/$v-f2.bin TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v timeout 100 $H/tm8 f2 0 8192 8192 8192 5 >> $O/probe.txt 2>&1
 DUMP=$O/$v-f2-4096.bin TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v timeout 100 $H/tm8 f2 0 4096 4096 4096 5 >> $O/probe.txt 2>&1
done
echo "probe $(( $(date +%s) - t0 )) s" >> $O/log.txt
for r in 1 2; do
 for v in v0 vctl vpair vfix vfixA vfixB; do
  for dt in "f2 0" "f4 3"; do
   for sh in "8192 8192 8192" "4096 4096 4096"; do
    [ $(( $(date +%s) - t0 )) -gt 400 ] && continue
    echo "$r $v $(TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v timeout 60 $H/tm8 $dt $sh 10 2>&1 | tail -1)" >> $O/summary.txt
   done
  done
 done
 echo "round $r $(( $(date +%s) - t0 )) s" >> $O/log.txt
done
cd $OUT && tar czf pair.tgz pair && rm -rf pair
