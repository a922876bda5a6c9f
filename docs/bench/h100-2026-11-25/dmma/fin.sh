#!/usr/bin/env bash
# Final: dgemm auto (matrix units) vs mma=1 vs cuBLAS on named shapes and two sweeps;
# then txf tune --op transpose and skinny transposes with and without the tuning file.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/cur-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-fin
S=4096x4096x4096,8192x8192x8192,4093x4093x4093,3000x5000x700,999x666x777,2048x2048x2048,1000x1000x1000,8191x8193x4097,64x50000x64,64x64x50000,50000x64x64
t0=$(date +%s)
for mode in auto mma1; do
  X=""; [ $mode = mma1 ] && X="--param mma=1"
  $A bench matmul --dtype f8 --shape $S --strategy auto $X --compare none --format json > $OUT/dg-$mode-named.jsonl 2>>$OUT/err.txt
  for seed in 1 2; do
    $A bench matmul --dtype f8 --sweep 20 --seed $seed --sweep-range 64:8192 --strategy auto $X --compare none --format json > $OUT/dg-$mode-s$seed.jsonl 2>>$OUT/err.txt
  done
  echo "$mode $(( $(date +%s) - t0 )) s"
done
python3 $D/dm_torch.py $OUT/dg-auto-named.jsonl $OUT/dg-auto-s1.jsonl $OUT/dg-auto-s2.jsonl > $OUT/dg-torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s"
# transpose tuner
export TXF_CACHE_DIR=/tmp/cache-tune
unset TXF_TUNING
timeout 240 $A tune --op transpose > $OUT/tune.txt 2>>$OUT/err.txt
echo "tune rc $? $(( $(date +%s) - t0 )) s"
TS=3x1000000,1000000x3,7x2396745,2396745x7,16x1000000,1000000x16,31x500000,500000x31,4096x4096,8191x8193
for dt in f4 u1 f8; do
  for tu in 1 0; do
    TXF_TUNING=$tu $A bench transpose --dtype $dt --shape $TS --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"tuning\":$tu,/" >> $OUT/tr.jsonl
  done
done
echo "tr $(( $(date +%s) - t0 )) s"
python3 $D/fin_summ.py $OUT
