#!/bin/bash
# chunked kernel groups of txf__staged_rows rows (new: 128 x 3 bytes, 64 x 5 2-byte) against HEAD's
# (old: 128 x 2, 64 x 4), auto, tt and txf bench in alternation, two rounds
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/.device-build-nb
export TXF_TUNING=0 TXF_BINARY_CACHE=0
T=$PWD/.ckv/tt
A=$B/tools/txf/txf
J="--strategy auto --compare none --format json"
env_for() { if [ $1 = new ]; then echo "LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl"; else echo "LD_LIBRARY_PATH=$PWD/.ckv/old:$B/libs:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/.ckv/cl-old"; fi; }
SECONDS=0
for round in 1 2; do
  [ $round = 2 ] && export NOCHECK=1
  if [ $round = 1 ]; then VS="new old"; else VS="old new"; fi
  for sh in 16383_16385 8191_8193 4390_8813 2137_9022 3921_3883 14694_2102 3336_13201 15944_3239 1205_11421 5964_7180 1001_1103 2999_1501; do
    sh=${sh/_/ }
    [ $SECONDS -gt 200 ] && break
    for v in $VS; do for e in 1 2; do
      env $(env_for $v) $T $e $sh 20 | sed "s|^{|{\"v\":\"$v\",\"round\":$round,|" >> $OUT/tt.jsonl
    done; done
  done
  for dt in u1 u2; do for v in $VS; do
    [ $SECONDS -gt 420 ] && break 3
    env $(env_for $v) TXF_CACHE_DIR=/tmp/cache-$v timeout 60 $A bench transpose --dtype $dt --sweep 30 --seed 13 --sweep-range 1024:16384 $J 2>>$OUT/err.txt | sed "s/^{/{\"v\":\"$v\",\"round\":$round,/" >> $OUT/tr.jsonl
    echo "$round $dt $v $SECONDS" >> $OUT/progress.txt
  done; done
done
echo "seconds $SECONDS"
