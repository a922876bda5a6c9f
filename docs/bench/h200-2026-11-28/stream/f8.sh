#!/usr/bin/env bash
# On the GPU machine (as run.sh): the host's POCL, 4- and 8-byte transposes of 0.3 to 12 MB that
# ran 0.80-0.90 of the tree before in run.sh's two rounds, four rounds in turn: dcf7197 (old),
# this tree's library with dcf7197's kernels (oldk: the kernel change alone), this tree (new).
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
O=$PWD/exp/gpu/old
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1
OK=$(mktemp -d)
cp -r "$O/cl/." "$OK/" && chmod -R go-w "$OK"
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
S8=279x838,326x1014,370x1000,424x1019,435x1115,573x1471,701x2157,1493x652,2148x111,3488x188,600x601,350x250
S4=20x4045,150x459,573x1471,640x128,1024x256,326x1014
for r in 1 2 3 4; do for v in old oldk new; do
  case $v in old) L=$OLDLD; K=$OK; T=$O/tools/txf/txf;; oldk) L=$NEWLD; K=$OK; T=$B/tools/txf/txf;;
    new) L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf;; esac
  for a in "f8 $S8" "f4 $S4"; do set -- $a
    LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 100 $T bench transpose --device Portable --dtype $1 --shape $2 --strategy auto --repeat 10 --format json 2>>$OUT/err.txt |
      sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $OUT/f8.jsonl
  done
done; done
echo done >> $OUT/err.txt
