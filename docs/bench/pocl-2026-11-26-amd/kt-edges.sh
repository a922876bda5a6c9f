#!/usr/bin/env bash
# Edge rows of the streaming kernel: the kernel alone (kt.c, one thread, ordinary stores,
# unshifted, 50 runs, fastest), kernels before (OLD_CL) and after (NEW_CL), two rounds.
# Usage: kt-edges.sh KT OLD_CL NEW_CL
KT=$1 OLD=$2 NEW=$3
export POCL_MAX_PTHREAD_COUNT=1 XNONT=1
for r in 1 2; do for E in 1 2 4 8; do for sh in "199 302" "1000 700" "440 414" "279 838" "150 459" "65 302"; do
  a=$($KT $OLD $E $sh 0 50 | sed 's/.*min \([0-9.]*\) us.*/\1/')
  b=$($KT $NEW $E $sh 0 50 | sed 's/.*min \([0-9.]*\) us.*/\1/')
  echo "round $r E$E $sh before $a after $b us"
done; done; done
