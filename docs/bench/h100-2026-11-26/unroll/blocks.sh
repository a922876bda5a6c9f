#!/usr/bin/env bash
# (1) guarded loop rolled (cl/, B) against unrolled everywhere (exp/clA, A) and HEAD (h0): f8 and tf32 pad;
# (2) matrix-unit block sets, f2 and tf32 (B); (3) tests on the device (B).
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; NEW=$PWD/.device-build; H0=$PWD/exp/gpu/h0
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { # build tag args
  local v=$1 tag=$2; shift 2
  case $v in h0) A=$H0/tools/txf/txf; K=$H0/cl;; A) A=$NEW/tools/txf/txf; K=$PWD/exp/clA;; *) A=$NEW/tools/txf/txf; K=$PWD/cl;; esac
  env TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/cache-$v LD_LIBRARY_PATH=$NEW/libs:$NV timeout 150 $A bench matmul --repeat 10 --compare none --format json "$@" | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $v $tag rc $?"
}
PADS=4093x4093x4093,3000x5000x700,999x666x777,1000x1000x1000,2049x2047x2051
for R in 1 2; do
  for v in B A h0; do
    run $v f8pad --shape $PADS --strategy pad --dtype f8
    run $v tf32pad --shape $PADS --strategy pad --precision tf32
    run $v f2 --shape 8192,4093,999x666x777 --strategy auto --dtype f2
  done
done
R=1
for s in "mwg=256,nwg=128,mdimc=16,ndimc=16,lbuf=3" "mwg=128,nwg=256,mdimc=8,ndimc=32,lbuf=3" "mwg=128,nwg=128,mdimc=16,ndimc=16,lbuf=4" "mwg=256,nwg=128,mdimc=16,ndimc=16,lbuf=2" "mwg=128,nwg=128,lbuf=3" "mwg=64,nwg=128,mdimc=8,ndimc=8,lbuf=4"; do
  for v in B; do
    run $v "f2:$s" --shape 8192,4096 --strategy padcopy --dtype f2 --params kwg=8,vwa=2,vwb=2,$s,mma=4
    run $v "tf32:$s" --shape 8192,4096 --strategy padcopy --precision tf32 --params kwg=8,vwa=2,vwb=2,$s,mma=4
  done
done
step tests-start
( cd .device-build/tests && for t in test_matmul test_matmul16; do
  s=$(date +%s); LD_LIBRARY_PATH=$PWD/../libs:$PWD/../lib:$NV TXF_KERNEL_PATH=$OLDPWD/cl TXF_CACHE_DIR=/tmp/cache-tests timeout 220 ./$t > $O/$t.txt 2>&1; rc=$?
  echo "$t rc $rc $(( $(date +%s) - s )) s $(grep -E 'PASSED|FAILED  \]' $O/$t.txt | head -2 | tr '\n' ' ')" >> $O/tests.txt; done )
step tests
cd /tmp && tar czf $OUT/o.tgz o
