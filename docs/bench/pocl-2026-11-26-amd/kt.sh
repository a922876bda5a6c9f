#!/usr/bin/env bash
# The shifted streaming kernel alone (../pocl-2026-11-26-intel/kt.c: event
# profiling, one POCL thread), the kernels before (OLD_CL) and after (NEW_CL)
# alternating, and the unshifted kernel with ordinary stores, on an output
# whose rows start off a line (leading dimension rows + 5).
# Usage: kt.sh KT OLD_CL NEW_CL [ROUNDS]
KT=$1 OLD=$2 NEW=$3 R=${4:-3}
export POCL_MAX_PTHREAD_COUNT=1
for r in $(seq 1 "$R"); do
  for E in 1 2 4 8 16; do
    echo "round $r before $(XPADO=2 $KT $OLD $E 4093 4099 1 10)"
    echo "round $r after $(XPADO=2 $KT $NEW $E 4093 4099 1 10)"
    echo "round $r ordinary $(XPADO=2 XNONT=1 $KT $NEW $E 4093 4099 0 10)"
  done
done
