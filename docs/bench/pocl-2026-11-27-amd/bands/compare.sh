#!/usr/bin/env bash
# sgemm and dgemm auto on POCL: this tree's kernels (blocked kernels storing C by bands of rows
# where it fits the cache) against the kernels before (the whole block at its end), the same
# library and choices; OpenBLAS in the runs of the kernels before. Sweeps of seeds 21 and 22 (1
# to 4096 per side) and 23 (16 to 2048), the named small and skinny shapes of ../small, and
# products with a small K under C of 1 to 128 MiB. Rounds in turn, each version in turn, the
# first one alternating (a second run in a row is often slower on this machine).
# Usage: compare.sh BUILD NEW_CL OLD_CL OUTDIR   (ROUNDS="1 2 3 4" by default)
set -u
B=$1/tools/txf/txf; NC=$2; OC=$3; O=$4
mkdir -p "$O"
export TXF_TUNING=0
SK=16x16x100000,1x16x50000,3x5x30001,8x8x100000,1x2048x2048,2048x1x2048,2048x4x2048,2048x2x2048
SK=$SK,4096x1x4096,1x4096x4096,8192x1x512,1000x3x1000,3000x6x500,500x12x3000,64x64x50000,64x50000x64
BIG=1024x1024x1,1024x1024x8,2048x2048x2,2048x2048x16,4000x1000x3,2300x2300x4,2896x2896x2
BIG=$BIG,3000x3000x4,4096x4096x2,4096x4096x8,4096x4096x32,4096x4096x64,1500x2500x6,700x300x5
for DT in f4 f8; do
  for round in ${ROUNDS:-1 2 3 4}; do
    for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--sweep 16 --seed 23 --sweep-range 16:2048" "--shape $SK" "--shape $BIG"; do
      for who in $( [ $((round % 2)) = 1 ] && echo old new || echo new old ); do
        if [ $who = old ]; then kp=$OC; cmp=blas; else kp=$NC; cmp=none; fi
        TXF_KERNEL_PATH=$kp $B bench matmul --dtype $DT $s --strategy auto --compare $cmp --repeat 7 --format json >> "$O/$who-$DT-r$round.jsonl"
      done
    done
  done
done
