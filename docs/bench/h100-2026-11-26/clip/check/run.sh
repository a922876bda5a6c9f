#!/usr/bin/env bash
# This tree (clip kernel, refitted `packed`) against 82a37ab (exp/gpu/h0), alternating: named f32 large
# shapes (3 rounds), f32 auto sweeps 11, 12, 13 (2 rounds), f2 named (1 round); registers; cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H0=$PWD/exp/gpu/h0; NEW=$PWD/.device-build
BIG=4093x4093x4093,8191x8193x4097,4096x4096x4096,3000x5000x700,5504x4388x4235,3802x4079x6395,5674x6112x4891,1469x7564x185
NAMED=4093x4093x4093,8191x8193x4097,3000x5000x700,999x666x777,2083x4733x66,1000x1000x1000
run() { # build tag args...
  local v=$1 tag=$2; shift 2
  if [ $v = h0 ]; then A=$H0/tools/txf/txf; K=$H0/cl; else A=$NEW/tools/txf/txf; K=$PWD/cl; fi
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 100 $A bench matmul --repeat 15 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
for R in 1 2 3; do
  for v in now h0; do
    run $v big --shape $BIG --strategy auto
    if [ $R -le 2 ]; then
      for seed in 11 12 13; do run $v auto$seed --sweep 30 --seed $seed --sweep-range 64:8192 --strategy auto; done
    fi
    [ $R = 1 ] && run $v x3 --shape $NAMED --strategy auto --precision 3xtf32
    [ $R = 1 ] && run $v f2 --shape $NAMED --strategy auto --dtype f2
  done
done
timeout 60 python3 docs/bench/h100-2026-11-26/host/regcap/mregs.py /tmp/cache-now /tmp/regs > /tmp/o/regs.txt 2>&1
timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch rc $?"
step tests-start
( cd .device-build/tests && for t in test_matmul test_matmul16; do
  s=$(date +%s); LD_LIBRARY_PATH=$PWD/../libs:$PWD/../lib:$NV TXF_KERNEL_PATH=$OLDPWD/cl TXF_CACHE_DIR=/tmp/cache-tests timeout 200 ./$t > $O/$t.txt 2>&1; rc=$?
  echo "$t rc $rc $(( $(date +%s) - s )) s $(grep -E 'PASSED|FAILED  \]' $O/$t.txt | head -2 | tr '\n' ' ')" >> $O/tests.txt; done )
cd /tmp && tar czf $OUT/o.tgz o
