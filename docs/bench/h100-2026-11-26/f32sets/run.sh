#!/usr/bin/env bash
# f32 block sets on mid-size products: the NVIDIA entry's 128x128x16 (A) against 128-work-item sets
# with 16 x 8 registers per work-item, K steps of 32, 4 x 8 work-item tiles; pad forced, K slices
# chosen. Sweeps (seeds 1, 3; 64:8192), auto beside; cuBLAS (warm) at the end.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
NEW=$PWD/.device-build
P() { echo "--params $1"; }
declare -A S=(
 [A]="mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2"
 [C1]="mwg=128,nwg=128,kwg=32,mdimc=8,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
 [C2]="mwg=128,nwg=128,kwg=16,mdimc=8,ndimc=16,vwa=4,vwb=4,lbuf=2,wmap=2"
 [C3]="mwg=128,nwg=128,kwg=32,mdimc=16,ndimc=8,vwa=4,vwb=4,lbuf=1,wmap=2"
 [C5]="mwg=128,nwg=256,kwg=32,mdimc=8,ndimc=32,vwa=4,vwb=4,lbuf=1,wmap=2"
 [C6]="mwg=128,nwg=64,kwg=32,mdimc=8,ndimc=8,vwa=4,vwb=4,lbuf=1,wmap=2"
 [BIG]="mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2"
)
run() { # tag args...
  local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NV timeout 120 $NEW/tools/txf/txf bench matmul --repeat 10 --compare none --format json "$@" | sed "s|^{|{\"b\":\"now\",\"round\":1,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$tag rc $?"
}
NAMED=3000x5000x700,2048x2048x2048,1000x1000x1000,4096x4096x4096,2433x6813x2794,1535x5857x4148
for seed in 1 3; do
  run auto$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto
  for s in A C1 C2 C3 C5 C6 BIG; do
    [ $(( $(date +%s) - t0 )) -gt 440 ] && break 2
    run ${s}_$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy pad --params ${S[$s]}
  done
done
for s in A C1 C3 BIG; do
  [ $(( $(date +%s) - t0 )) -gt 470 ] && break
  run ${s}_named --shape $NAMED --strategy pad,padcopy --params ${S[$s]}
done
python3 docs/bench/h100-2026-11-26/host/regcap/mregs.py /tmp/cache $O/regs > $O/regs.txt 2>&1; step regs
timeout 90 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch rc $?"
rm -rf $O/regs/*.cubin $O/regs/*.ptx
cd /tmp && tar czf $OUT/o.tgz o
