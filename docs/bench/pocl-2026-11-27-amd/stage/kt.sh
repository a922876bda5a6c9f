#!/usr/bin/env bash
# The shifted streaming kernel alone on one POCL thread
# (../../pocl-2026-11-26-intel/kt.c, output rows 3 elements past the input's
# row count apart), the parent's kernels ([0]) against this tree's with the
# staging forced on for the shifted kernel ([5]: `#define STREAM_STAGE
# STREAM_SHIFTED` prepended), two rounds; kt.txt. Usage: kt.sh KT OLD_CL NEW_CL
KT=$1 OLD=$2 NEW=$3
export POCL_MAX_PTHREAD_COUNT=1
for r in 1 2; do
	for E in 1 2 4 8; do
		for s in "1000 1000" "1500 1700" "3001 2999" "5000 3001" "4093 4099"; do
			$KT $OLD $E $s 1 8 | sed "s/^/[0] /"
			$KT $NEW $E $s 1 8 | sed "s/^/[5] /"
		done
	done
done
