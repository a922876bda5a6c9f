#!/usr/bin/env bash
# On the GPU machine, from the checkout's root, with .device-build-nb (tools/gpu-build.sh of a build
# configured with -Dblas=disabled) and exp/gpu/old holding ab81f53's release build without BLAS
# (lib/libtiledxform.so.0.4, txf) and its cl/: (1) the blocked kernel forced on the NVIDIA GPU
# (builds and checks; this run found NVIDIA's compiler refusing the C prefetch, see NOTES.md),
# (2) the host's POCL (16 cores): ab81f53 and this tree in turn, f32 auto, two rounds. Results
# under $OUT.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
O=$PWD/exp/gpu/old
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl $B/tools/txf/txf info 2>&1 | head -40 > $OUT/info.txt
lscpu > $OUT/lscpu.txt 2>&1
for dt in f4 f8; do
  LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl timeout 120 $B/tools/txf/txf bench matmul --device gpu --dtype $dt \
    --shape 300x200x100,129x65x33,1000x1000x1000,7x15x3 --strategy pad,split,padcopy \
    --params mwg=32,nwg=32,kwg=16,mdimc=1,ndimc=1,vwa=8,vwb=8 --compare none --repeat 3 >> $OUT/h100_blocked.txt 2>&1
  echo "rc=$?" >> $OUT/h100_blocked.txt
done
SH=269x1018x698,1414x638x211,3853x1259x151,999x666x777,1024x1024x1024,264x1024x698,700x900x300,130x2000x500,1100x70x800,2050x130x64,1x16x50000,2000x20x500
export POCL_AFFINITY=1
for r in 1 2; do for v in 0 1; do
  if [ $v = 0 ]; then L=$OLDLD; K=$O/cl; T=$O/txf; else L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf; fi
  for s in "--sweep 16 --seed 91 --sweep-range 16:3000" "--shape $SH"; do
    LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 150 $T bench matmul --device Portable --dtype f4 $s --strategy auto --compare none --repeat 5 --format json 2>>$OUT/pocl_err.txt | sed "s/^{/{\"r\":$r,\"v\":$v,/" >> $OUT/pocl.jsonl
  done
done; done
echo done >> $OUT/pocl_err.txt
