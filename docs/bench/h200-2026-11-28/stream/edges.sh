#!/usr/bin/env bash
# On the GPU machine (as run.sh): the host's POCL, u1 matrices of 33 to 63 rows or columns (the
# masked stores of cut lines, the narrow build), two whole-tile shapes and (edges2) three that take
# whole-strip work-items, dcf7197 (old) and this tree (new) in turn, ROUNDS rounds (4). Results
# under $OUT/NAME.jsonl (NAME: edges).
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
O=$PWD/exp/gpu/old
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1
OK=$(mktemp -d)
cp -r "$O/cl/." "$OK/" && chmod -R go-w "$OK"
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
S=8000x40,6001x37,3000x60,20000x50,100000x48,40x8000,50x20000,37x6001,48x100000,1000x777,2048x1000,370x1000,700x1000,2075x291
for r in $(seq ${ROUNDS:-4}); do for v in old new; do
  if [ $v = old ]; then L=$OLDLD; K=$OK; T=$O/tools/txf/txf; else L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf; fi
  LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 100 $T bench transpose --device Portable --dtype u1 --shape $S --strategy auto --repeat 10 --format json 2>>$OUT/err.txt |
    sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $OUT/${NAME:-edges}.jsonl
done; done
echo done >> $OUT/err.txt
