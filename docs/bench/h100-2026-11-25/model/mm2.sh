#!/usr/bin/env bash
# Auto on three sweeps and the named shapes, cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/cur-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-cur
NAMED=64x50000x64,64x64x50000,50000x64x64,128x8192x8192,8192x128x8192,8192x8192x128,1000x1000x1000,3000x5000x700,2048x2048x2048,4096x4096x4096,999x666x777,256x256x256,512x512x512,8192x8192x8192,4093x4093x4093,8191x8193x4097,128x4096x4096,4096x4096x128,100x100x100000
t0=$(date +%s)
B=$D/after-build/tools/txf/txf
for seed in 3 4 5 6; do
  TXF_KERNEL_PATH=$PWD/$D/after-cl TXF_CACHE_DIR=/tmp/cache-before $B bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/before-s$seed.jsonl 2>>$OUT/err.txt
done
TXF_KERNEL_PATH=$PWD/$D/after-cl TXF_CACHE_DIR=/tmp/cache-before $B bench matmul --shape $NAMED --strategy auto --compare none --format json > $OUT/before-named.jsonl 2>>$OUT/err.txt
for seed in 3 4 5 6; do
  $A bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/auto-s$seed.jsonl 2>>$OUT/err.txt
done
$A bench matmul --shape $NAMED --strategy auto --compare none --format json > $OUT/auto-named.jsonl 2>>$OUT/err.txt
echo "auto done $(( $(date +%s) - t0 )) s"
python3 $D/mm_torch.py $OUT/auto-s3.jsonl $OUT/auto-s4.jsonl $OUT/auto-s5.jsonl $OUT/auto-s6.jsonl $OUT/auto-named.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch done $(( $(date +%s) - t0 )) s"
python3 $D/mm_summ2.py $OUT
cd $OUT && tar czf mm.tgz *.jsonl err.txt && rm -f *.jsonl err.txt
