#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
D=.device-build; A=$D/cur-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-tune2
t0=$(date +%s)
timeout 300 $A tune --op transpose --dtype u1,f4 > $OUT/tune.txt 2>$OUT/tune-err.txt
echo "tune rc $? $(( $(date +%s) - t0 )) s"; cat $OUT/tune.txt
TS=3x1000000,1000000x3,7x2396745,2396745x7,16x1000000,1000000x16,31x500000,500000x31,4096x4096,8191x8193
for dt in f4 u1; do
  for tu in 1 0; do
    TXF_TUNING=$tu $A bench transpose --dtype $dt --shape $TS --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"tuning\":$tu,/" >> $OUT/tr.jsonl
  done
done
echo "tr $(( $(date +%s) - t0 )) s"
python3 $D/fin_summ.py $OUT | sed -n '/transpose/,$p'
tail -3 $OUT/tune-err.txt
