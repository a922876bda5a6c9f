#!/bin/bash
# ktab.sh E "R C"...: the streaming kernel alone (KT, built from ../../pocl-2026-11-26-intel/kt.c),
# one thread, ordinary stores, the kernels in $OLD (before) and cl/ (this tree) in turn, three
# rounds, the fastest of each. From the checkout's root.
E=$1; shift
KT=${KT:-exp/kt} OLD=${OLD:-exp/cl_old}
for s in "$@"; do
  o=9999; n=9999; bad=0
  for r in 1 2 3; do
    a=$(POCL_MAX_PTHREAD_COUNT=1 XNONT=1 $KT $OLD $E $s 0 100 | awk '{print $12, $NF}')
    b=$(POCL_MAX_PTHREAD_COUNT=1 XNONT=1 $KT cl $E $s 0 100 | awk '{print $12, $NF}')
    o=$(echo "$o ${a% *}" | awk '{print ($2<$1)?$2:$1}'); n=$(echo "$n ${b% *}" | awk '{print ($2<$1)?$2:$1}')
    bad=$((bad + ${a#* } + ${b#* }))
  done
  echo "E$E ${s/ /x} old $o new $n ratio $(echo "$o $n" | awk '{printf "%.2f", $1/$2}') bad $bad"
done
