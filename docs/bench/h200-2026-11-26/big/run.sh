#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-big
S=$(cat docs/bench/h200-2026-11-26/big/shapes.txt)
declare -A CF
CF[A]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
CF[B]="mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4"
CF[C]="mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
t0=$(date +%s)
$A bench matmul --shape $S --strategy auto --compare none --repeat 5 --format json > $OUT/auto.jsonl 2>>$OUT/err.txt
echo "auto $(( $(date +%s) - t0 ))"
python3 docs/bench/h100-2026-11-25/model/mm_torch.py $OUT/auto.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 ))"
for v in "A padcopy 1" "C padcopy 1" "B padcopy 1" "A pad 1" "A pad 2" "C pad 1" "B pad 2"; do
  set -- $v
  $A bench matmul --shape $S --strategy $2 --params ${CF[$1]},ksplit=$3 --compare none --repeat 5 --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$1\",\"ks\":$3,\"st\":\"$2\",/" >> $OUT/cfg.jsonl
  echo "$v $(( $(date +%s) - t0 ))"
done
