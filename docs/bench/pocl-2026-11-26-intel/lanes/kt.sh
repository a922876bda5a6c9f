#!/usr/bin/env bash
# The streaming kernel alone (../kt.c: event profiling, one POCL thread, non-temporal stores
# as the library uses them from 512 KiB), kernels before (OLD) and after (NEW) alternating,
# ROUNDS rounds; prints "round variant E shape shifted min_us bad".
# Usage: kt.sh KT_BINARY OLD_KERNELS NEW_KERNELS [ROUNDS] > kt.txt
set -u
KT=$1 OLD=$2 NEW=$3 R=${4:-3}
for r in $(seq 1 "$R"); do
  for E in 1 2 4 8; do
    for s in "4093 4099 1" "3001 2999 1" "8191 4097 1" "2048 2048 0" "1024 1024 0"; do
      for v in "$OLD" "$NEW"; do
        POCL_MAX_PTHREAD_COUNT=1 "$KT" "$v" "$E" $s 5 |
          awk -v r="$r" '{print r, $1, $2, $3, $4, $12, $NF}'
      done
    done
  done
done
