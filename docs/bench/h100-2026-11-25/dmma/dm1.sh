#!/usr/bin/env bash
# dgemm on the matrix units: auto (mma 2), mma 1, several mma 2 block sets; cuBLAS dgemm beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/cur-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-cur
S=4096x4096x4096,8192x8192x8192,4093x4093x4093,3000x5000x700,999x666x777,2048x2048x2048,1000x1000x1000,8191x8193x4097,256x256x256,64x50000x64
t0=$(date +%s)
$A info --shape 4096x4096x4096 --dtype f8 > $OUT/info.txt 2>&1
$A bench matmul --dtype f8 --shape $S --strategy auto --compare none --format json > $OUT/auto.jsonl 2>>$OUT/err.txt
echo "auto $(( $(date +%s) - t0 )) s"; grep -c '"OK"' $OUT/auto.jsonl; grep -v '"OK"' $OUT/auto.jsonl | head -3
$A bench matmul --dtype f8 --shape $S --strategy auto --param mma=1 --compare none --format json > $OUT/mma1.jsonl 2>>$OUT/err.txt
echo "mma1 $(( $(date +%s) - t0 )) s"
declare -A CF
CF[R3]="mwg=128 nwg=64 kwg=8 mdimc=16 ndimc=16 vwa=2 vwb=2 mma=3 lbuf=4"
CF[Q6]="mwg=128 nwg=128 kwg=8 mdimc=16 ndimc=16 vwa=2 vwb=2 mma=3 lbuf=3"
CF[S1]="mwg=128 nwg=64 kwg=16 mdimc=16 ndimc=16 vwa=2 vwb=2 mma=3 lbuf=2"
CF[S2]="mwg=64 nwg=64 kwg=8 mdimc=8 ndimc=16 vwa=2 vwb=2 mma=3 lbuf=4"
CF[S3]="mwg=128 nwg=64 kwg=8 mdimc=8 ndimc=16 vwa=2 vwb=2 mma=3 lbuf=4"
CF[S4]="mwg=64 nwg=128 kwg=8 mdimc=16 ndimc=16 vwa=2 vwb=2 mma=3 lbuf=4"
for c in R3 S3 S2; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  for r in 0 128 168; do
    if [ $r = 0 ]; then X=""; else X="-cl-nv-maxrregcount=$r"; fi
    TXF_EXP_CLOPTS="$X" TXF_CACHE_DIR=/tmp/cache-r$r timeout 100 $A bench matmul --dtype f8 --shape $S --strategy auto $P --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c-r$r\",/" >> $OUT/cfg.jsonl
  done
  echo "cfg $c $(( $(date +%s) - t0 )) s"
done
python3 $D/dm_torch.py $OUT/auto.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt ##python3 $D/dm_torch.py $OUT/auto.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s"
python3 $D/dm_summ.py $OUT
