#!/usr/bin/env bash
# sgemm and dgemm auto on POCL: this tree against an earlier build, OpenBLAS in the same runs, on
# sweeps not used in the fit (seeds 21 and 22 from 1 to 4096 per side, 23 from 16 to 2048) and
# the named small and skinny shapes; two rounds, each build in turn.
# Usage: compare.sh NEW_BUILD NEW_CL OLD_BUILD OLD_CL OUTDIR
set -u
NB=$1/tools/txf/txf; NC=$2; OB=$3/tools/txf/txf; OC=$4; O=$5
mkdir -p "$O"
export TXF_TUNING=0
SK=16x16x100000,1x16x50000,3x5x30001,8x8x100000,1x2048x2048,2048x1x2048,2048x4x2048,2048x2x2048
SK=$SK,4096x1x4096,1x4096x4096,8192x1x512,1000x3x1000,3000x6x500,500x12x3000,64x64x50000,64x50000x64
for DT in f4 f8; do
  for round in ${ROUNDS:-1 2}; do
    for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--sweep 16 --seed 23 --sweep-range 16:2048" "--shape $SK"; do
      TXF_KERNEL_PATH=$OC $OB bench matmul --dtype $DT $s --strategy auto --compare blas --repeat 7 --format json >> "$O/old-$DT-r$round.jsonl"
      TXF_KERNEL_PATH=$NC $NB bench matmul --dtype $DT $s --strategy auto --compare none --repeat 7 --format json >> "$O/new-$DT-r$round.jsonl"
    done
  done
done
