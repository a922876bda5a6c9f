#!/usr/bin/env bash
# f32 auto on sweeps not fitted on (seeds 21, 22, two rounds) with cuBLAS (warm) in the same call;
# f2 / tf32 with K steps of 16 (two stages) against the entry's 8 (four stages).
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; NEW=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NV timeout 150 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json "$@" | sed "s|^{|{\"b\":\"now\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
for R in 1 2; do
  for seed in 21 22; do run auto$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto; done
  run named --shape 4096,8192,4093,8191x8193x4097,999x666x777,1000,3000x5000x700,64x50000x64,64x64x50000 --strategy auto
done
R=1
for p in "kwg=8,lbuf=4" "kwg=16,lbuf=2" "kwg=16,lbuf=3"; do
  run "f2:$p" --shape 8192,4096 --strategy padcopy --dtype f2 --params mwg=128,nwg=128,mdimc=8,ndimc=16,vwa=2,vwb=2,$p,mma=4
  run "tf32:$p" --shape 8192,4096 --strategy padcopy --precision tf32 --params mwg=128,nwg=128,mdimc=8,ndimc=16,vwa=2,vwb=2,$p,mma=4
done
grep -v '"set":"f2\|"set":"tf32' $O/mm.jsonl > $O/f32.jsonl
timeout 150 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/f32.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
