#!/usr/bin/env bash
# off.sh N OUT: outputs off lines, the streaming kernel forced with non-temporal (1) and ordinary (-1) stores
# and auto, one shape per process in turn, N rounds.
for i in $(seq $1); do
  for dt in u1:1 u2:2 f4:4 f8:8; do
    t=${dt%:*} e=${dt#*:}
    for sh in $(python3 ogen.py $((1800 + e)) $e); do
      for m in "pad --param stream=1 --param stores=1:nt" "pad --param stream=1 --param stores=-1:ord" "auto:auto"; do
        POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=/work/main/cl /work/main/build-rel/tools/txf/txf bench transpose --dtype $t --shape $sh --strategy ${m%:*} --compare none --repeat 15 --format json 2>/dev/null | sed "s|^{|{\"m\":\"${m#*:}\",\"round\":$i,|" >> $2
      done
    done
  done
done
