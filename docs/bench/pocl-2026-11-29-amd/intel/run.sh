#!/usr/bin/env bash
# On the GPU machine: its host's POCL (Intel Xeon cores), 4159398 (old) and this tree (new) in
# turn, three rounds: transposes whose rows are 1 to 4 KiB apart and a few that are not.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
B=$PWD/exp/gpu/new (this tree's library and txf)
O=$PWD/exp/gpu/old (4159398's)
export TXF_TUNING=0 TXF_CACHE_DIR=/tmp/txfcache POCL_AFFINITY=1
OK=$(mktemp -d)
cp -r "$O/cl/." "$OK/" && chmod -R go-w "$OK"
NEWLD=$B/lib:$B/libs:$LD_LIBRARY_PATH
OLDLD=$O/lib:$B/libs:$LD_LIBRARY_PATH
lscpu > $OUT/lscpu.txt 2>&1
S=512x512,1024x1024,2048x2048,4096x4096,4096x1024,1024x4096,8192x512,512x8192,3072x3072,2048x3000,4096x4160,4160x4096,1000x4096,1500x4096,3000x2048,4093x4099,1000x1000,2112x2112
for dt in u1 u2 f4 f8; do for s in 4096x4096 1024x1024 1000x4096 2048x3000; do
  LD_LIBRARY_PATH=$NEWLD TXF_KERNEL_PATH=$PWD/cl $B/tools/txf/txf info --device Portable --shape $s --dtype $dt 2>&1 | grep -m1 "why:" | sed "s/^/$dt $s /" >> $OUT/info.txt
done; done
for r in 1 2 3; do for v in old new; do
  if [ $v = old ]; then L=$OLDLD; K=$OK; T=$O/tools/txf/txf; else L=$NEWLD; K=$PWD/cl; T=$B/tools/txf/txf; fi
  for dt in u1 u2 f4 f8; do
    LD_LIBRARY_PATH=$L TXF_KERNEL_PATH=$K timeout 200 $T bench transpose --device Portable --dtype $dt --shape $S --strategy auto --repeat 10 --compare none --format json 2>>$OUT/err.txt |
      sed "s/^{/{\"round\":$r,\"tree\":\"$v\",/" >> $OUT/intel.jsonl
  done
  echo "round $r $v $(date +%T)" >> $OUT/err.txt
done; done
echo done >> $OUT/err.txt
