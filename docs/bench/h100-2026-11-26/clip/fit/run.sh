#!/usr/bin/env bash
# 1) this tree against 82a37ab (exp/gpu/h0), alternating, two rounds: f32 auto sweeps (seeds 1, 3, 4),
#    named f32 and f2. 2) this tree: pad and padcopy forced with sets A, B and the large set, one K
#    slice, on sweeps 5, 6, 7 (the fit of the model's `packed`). cuBLAS (warm) beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H0=$PWD/exp/gpu/h0; NEW=$PWD/.device-build
SA="--param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16 --param vwa=2 --param vwb=2 --param ksplit=1"
SB="--param mwg=128 --param nwg=64 --param kwg=16 --param mdimc=16 --param ndimc=16 --param vwa=4 --param vwb=4 --param ksplit=1"
SC="--param mwg=256 --param nwg=128 --param kwg=32 --param mdimc=16 --param ndimc=16 --param vwa=4 --param vwb=4 --param lbuf=1 --param wmap=2 --param ksplit=1"
NAMED=4096x4096x4096,4093x4093x4093,8191x8193x4097,3000x5000x700,999x666x777,2083x4733x66,1000x1000x1000
run() { # build tag args...
  local v=$1 tag=$2; shift 2
  if [ $v = h0 ]; then A=$H0/tools/txf/txf; K=$H0/cl; else A=$NEW/tools/txf/txf; K=$PWD/cl; fi
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 100 $A bench matmul --repeat 15 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
for R in 1 2; do
  for v in now h0; do
    for seed in 1 3 4; do
      run $v auto$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto
    done
    run $v named --shape $NAMED --strategy auto
    run $v f2 --shape $NAMED --strategy auto --dtype f2
  done
done
R=1
for seed in 5 6 7; do
  for s in A B C; do
    eval P=\$S$s
    [ $(( $(date +%s) - t0 )) -gt 470 ] && break 2
    run now fit$s$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy pad,padcopy $P
  done
done
timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
