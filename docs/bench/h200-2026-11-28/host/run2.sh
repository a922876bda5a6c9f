#!/usr/bin/env bash
# The blocked kernel forced on the NVIDIA GPU (f32, f64; pad, split, padcopy: builds and checks),
# then the host's POCL: ab81f53 and this tree in turn, f64 auto, two rounds.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
O=$PWD/exp/gpu/old
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
for dt in f4 f8; do for P in mwg=32,nwg=32,kwg=16,mdimc=1,ndimc=1,vwa=8,vwb=8 mwg=128,nwg=64,kwg=128,mdimc=1,ndimc=1,vwa=8,vwb=16 mwg=128,nwg=8,kwg=512,mdimc=1,ndimc=1,vwa=4,vwb=4,kvec=16; do
  LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl timeout 120 $B/tools/txf/txf bench matmul --device gpu --dtype $dt \
    --shape 300x200x100,129x65x33,1000x1000x1000,7x15x3,333x17x129 --strategy pad,split,padcopy \
    --params $P --compare none --repeat 3 >> $OUT/gpu_blocked.txt 2>&1
  echo "rc=$? $dt $P" >> $OUT/gpu_blocked.txt
done; done
SH=269x1018x698,1414x638x211,3853x1259x151,999x666x777,1024x1024x1024,264x1024x698,700x900x300,130x2000x500,1100x70x800,2050x130x64,1x16x50000,2000x20x500
export POCL_AFFINITY=1
for r in 1 2; do for v in 0 1; do
  if [ $v = 0 ]; then L=$OLDLD; K=$O/cl; T=$O/txf; else L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf; fi
  for s in "--sweep 16 --seed 91 --sweep-range 16:3000" "--shape $SH"; do
    LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 150 $T bench matmul --device Portable --dtype f8 $s --strategy auto --compare none --repeat 5 --format json 2>>$OUT/pocl_err.txt | sed "s/^{/{\"r\":$r,\"v\":$v,/" >> $OUT/pocl_f8.jsonl
  done
done; done
echo done >> $OUT/pocl_err.txt
