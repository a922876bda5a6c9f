#!/usr/bin/env bash
# f64 tiles through 1-D bulk copies (cp.async.bulk + mbarrier) against per-thread cp.async.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf; H=$PWD/exp/bulk
O=$OUT/bulk; mkdir -p $O
t0=$(date +%s)
SH=8192,4096,4093,3000x5000x700,2048
one() { # tag variant params
  XCLOPT=-cl-nv-verbose XCLLOG=$O/$1.regs LD_PRELOAD=$H/shim.so TXF_KERNEL_PATH=$H/$2 TXF_CACHE_DIR=/tmp/c-$1 timeout 120 $A bench matmul --dtype f8 --shape $SH --strategy auto --compare none --repeat 10 --format json --params $3 --param mma=3 >> $O/$1.jsonl 2>>$O/err.txt
  echo "$1 $(( $(date +%s) - t0 )) s" >> $O/log.txt
}
for r in 1 2; do
one e4 b0 mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4
one c3 b0 mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=3
one k3 b1 mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=3
one k2w b1 mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=32,lbuf=2
one c2w b0 mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=32,lbuf=2
one k4s b1 mwg=128,nwg=64,kwg=4,mdimc=8,ndimc=16,lbuf=4
one k3b b1 mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=3
done
cd $OUT && tar czf bulk.tgz bulk && rm -rf bulk
