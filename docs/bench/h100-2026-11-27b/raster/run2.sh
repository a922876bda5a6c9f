#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf; H=$PWD/exp/bulk
O=$OUT/b2; mkdir -p $O
t0=$(date +%s)
one() { # tag variant params
  TXF_KERNEL_PATH=$H/$2 TXF_CACHE_DIR=/tmp/d-$1 timeout 120 $A bench matmul --dtype f8 --shape 8192,4096 --strategy auto --compare none --repeat 10 --format json --params $3 --param mma=3 >> $O/$1.jsonl 2>>$O/err.txt
  echo "$1 $(( $(date +%s) - t0 )) s" >> $O/log.txt
}
P=mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=3
one c3 b0 $P; one k1 b1 $P; one k2 b2 $P; one k2b b2 mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=3
ras() { # raster tag args
  local r=$1 tag=$2; shift 2
  TXF_KERNEL_PATH=$PWD/exp/ras/r$r TXF_CACHE_DIR=/tmp/e-r$r timeout 150 $A bench matmul --strategy auto --compare none --repeat 10 --format json "$@" >> $O/r$r-$tag.jsonl 2>>$O/err.txt
}
S=8192,6144,4096x16384x4096,16384x4096x4096,10000x3000x5000,5000x5000x2000,12288x12288x1024,3000x5000x700,6686x911x794,2000x2000x8192
for round in 1 2; do
 for r in 1 8; do
  ras $r f2 --dtype f2 --shape $S
  ras $r t32 --dtype f4 --precision tf32 --shape $S
  ras $r f8 --dtype f8 --shape $S
  ras $r f4 --dtype f4 --shape $S
  echo "ras round $round r$r $(( $(date +%s) - t0 )) s" >> $O/log.txt
  [ $(( $(date +%s) - t0 )) -gt 450 ] && break 2
 done
done
cd $OUT && tar czf b2.tgz b2 && rm -rf b2
