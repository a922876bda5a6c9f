#!/usr/bin/env bash
# On the GPU machine, from the checkout's root, with .device-build-nb (tools/gpu-build.sh of a
# build configured with -Dblas=disabled) and exp/gpu/old81 holding ab81f53's release build without
# BLAS (lib/libtiledxform.so.0.4, tools/txf/txf) and its cl/: the host's POCL (16 cores), f64
# auto, ab81f53 and this tree in turn, four rounds: the seven products that ran 0.80-0.95 of
# ab81f53 in ../host/ (two rounds) and five that ran faster. Results under $OUT.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
O=$PWD/exp/gpu/old81
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1
OK=$(mktemp -d)
cp -r "$O/cl/." "$OK/" && chmod -R go-w "$OK"
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
SH=1x16x50000,1695x73x329,975x276x260,55x22x1751,1355x116x2730,700x900x300,999x666x777,130x2000x500,453x2234x27,1024x1024x1024,264x1024x698,2000x20x500
for r in 1 2 3 4; do for v in 0 1; do
  if [ $v = 0 ]; then L=$OLDLD; K=$OK; T=$O/tools/txf/txf; else L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf; fi
  LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 150 $T bench matmul --device Portable --dtype f8 --shape $SH --strategy auto --compare none --repeat 5 --format json 2>>$OUT/err.txt | sed "s/^{/{\"r\":$r,\"v\":$v,/" >> $OUT/pocl_f8.jsonl
done; done
echo done >> $OUT/err.txt
