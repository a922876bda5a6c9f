#!/usr/bin/env bash
# GEMM survey: every candidate block set on the same shapes, cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/cur-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-cur
NAMED=64x50000x64,64x64x50000,50000x64x64,128x8192x8192,8192x128x8192,8192x8192x128,1000x1000x1000,3000x5000x700,2048x2048x2048,4096x4096x4096,999x666x777,256x256x256,512x512x512
declare -A CF
CF[A]="mwg=128 nwg=128 kwg=16 mdimc=16 ndimc=16 vwa=2 vwb=2"
CF[B]="mwg=128 nwg=64 kwg=16 mdimc=16 ndimc=16 vwa=4 vwb=4"
CF[C]="mwg=256 nwg=128 kwg=32 mdimc=16 ndimc=16 vwa=4 vwb=4 lbuf=1 wmap=2"
CF[D]="mwg=64 nwg=64 kwg=16 mdimc=16 ndimc=16 vwa=4 vwb=4"
CF[E]="mwg=64 nwg=128 kwg=16 mdimc=16 ndimc=16 vwa=4 vwb=4"
CF[F]="mwg=128 nwg=128 kwg=32 mdimc=16 ndimc=16 vwa=4 vwb=4 wmap=2"
CF[G]="mwg=64 nwg=64 kwg=32 mdimc=8 ndimc=8 vwa=4 vwb=4"
CF[H]="mwg=128 nwg=32 kwg=16 mdimc=16 ndimc=8 vwa=4 vwb=4"
t0=$(date +%s)
for seed in 1 2; do
  $A bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/auto-s$seed.jsonl 2>>$OUT/err.txt
done
$A bench matmul --shape $NAMED --strategy auto --compare none --format json > $OUT/auto-named.jsonl 2>>$OUT/err.txt
echo "auto done $(( $(date +%s) - t0 )) s"
python3 $D/mm_torch.py $OUT/auto-s1.jsonl $OUT/auto-s2.jsonl $OUT/auto-named.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch done $(( $(date +%s) - t0 )) s"
run_cfg() { # cfg ks
  local c=$1 ks=$2 P=""
  for kv in ${CF[$c]}; do P="$P --param $kv"; done
  for seed in 1 2; do
    $A bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --strategy pad $P --param ksplit=$ks --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c\",\"ks\":$ks,/" >> $OUT/cfg.jsonl
  done
  $A bench matmul --shape $NAMED --strategy pad $P --param ksplit=$ks --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c\",\"ks\":$ks,/" >> $OUT/cfg.jsonl
  echo "cfg $c ks $ks done $(( $(date +%s) - t0 )) s"
}
for c in A B D C G F E H; do run_cfg $c 1; done
for c in B D A; do run_cfg $c 2; run_cfg $c 4; done
python3 $D/mm_summ.py $OUT
