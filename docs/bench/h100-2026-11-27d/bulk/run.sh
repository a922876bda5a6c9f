#!/usr/bin/env bash
# Bulk copies for the f16 / TF32 kernel: tm8 timings (unchecked) and txf bench (checked) for vbrow.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/bulk; mkdir -p $O; H=$PWD/exp/bulk; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
for v in v0 vbrow; do
 for dt in "--dtype f2" "--dtype f4 --precision tf32"; do
  TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/b-$v timeout 100 $T bench matmul --compare none --repeat 10 --format json --strategy auto $dt --shape 8192,4093,2000x3000x1000 >> $O/bench-$v.jsonl 2>>$O/err.txt
 done
done
echo "bench $(( $(date +%s) - t0 )) s" >> $O/log.txt
for r in 1 2; do
 for v in v0 vbrow vb2; do
  for dt in "f2 0" "f4 3" "f4 2"; do
   for sh in "8192 8192 8192" "4096 4096 4096"; do
    [ $(( $(date +%s) - t0 )) -gt 400 ] && continue
    echo "$r $v $(TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v timeout 60 $H/tm8 $dt $sh 10 2>&1 | tail -1)" >> $O/summary.txt
   done
  done
 done
done
cd $OUT && tar czf bulk.tgz bulk && rm -rf bulk
