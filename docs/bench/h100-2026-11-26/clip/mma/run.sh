#!/usr/bin/env bash
# padcopy writing C in place (matmul_clip) against 82a37ab (exp/gpu/h0), alternating, two rounds:
# f32 sweeps (seeds 1, 3, 4) with auto; pad and padcopy forced for the three smaller sets; f2, f8,
# tf32 named uneven shapes with auto. cuBLAS (warm) beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H0=$PWD/exp/gpu/h0; NEW=$PWD/.device-build
SA="--param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16 --param vwa=2 --param vwb=2"
SB="--param mwg=128 --param nwg=64 --param kwg=16 --param mdimc=16 --param ndimc=16 --param vwa=4 --param vwb=4"
SD="--param mwg=64 --param nwg=64 --param kwg=16 --param mdimc=16 --param ndimc=16 --param vwa=4 --param vwb=4"
NAMED=4093x4093x4093,8191x8193x4097,3000x5000x700,999x666x777,2083x4733x66,1000x1000x1000
run() { # build tag args...
  local v=$1 tag=$2; shift 2
  if [ $v = h0 ]; then A=$H0/tools/txf/txf; K=$H0/cl; else A=$NEW/tools/txf/txf; K=$PWD/cl; fi
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 100 $A bench matmul --repeat 15 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
for R in 1 2; do
  for v in now h0; do
    [ $(( $(date +%s) - t0 )) -gt 480 ] && break 2
    for seed in 1 3 4; do
      run $v auto$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto
    done
    run $v pcA1 --sweep 30 --seed 1 --sweep-range 64:8192 --strategy padcopy $SA
    run $v pcB1 --sweep 30 --seed 1 --sweep-range 64:8192 --strategy padcopy $SB
    run $v named --shape $NAMED --strategy auto
    run $v f2 --shape $NAMED --strategy auto --dtype f2
    run $v f8 --shape 4093x4093x4093,3000x5000x700,1999x1999x1999,2083x4733x66 --strategy auto,padcopy --dtype f8
    run $v tf32 --shape $NAMED --strategy auto --precision tf32
    run $v x3 --shape $NAMED --strategy auto --precision 3xtf32
  done
done
timeout 60 python3 docs/bench/h100-2026-11-26/host/regcap/mregs.py /tmp/cache-now /tmp/regs > /tmp/o/regs.txt 2>&1
timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
