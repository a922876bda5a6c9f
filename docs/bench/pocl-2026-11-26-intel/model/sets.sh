#!/usr/bin/env bash
# sgemm on POCL: the blocked kernel's block sets forced (pad, 1 and 2 K slices) on a sweep
# and skinny shapes, for fitting the POCL entry's cost model; OpenBLAS beside.
# Usage: sets.sh BUILD OUTDIR [SEED [DTYPE]]   (release build with -Dblas=enabled; DTYPE f4 or f8)
set -u
A=$1/tools/txf/txf; O=$2; SEED=${3:-7}; DT=${4:-f4}
mkdir -p "$O"
export TXF_TUNING=0
SK=8x4096x512,4096x8x512,31x861x610,861x31x610,64x64x20000,19x18x170,100x100x100,1000x1000x1000,2000x500x300,5x2000x700,2000x5x700,16x1000x1000,1000x16x1000
SETS="128x64x16 64x32x16 32x64x16 32x32x16 8x128x16 128x16x8"
[ "$DT" = f8 ] && SETS="128x64x8 64x32x8 32x64x8 32x32x8 8x128x8 128x16x8"
for set in $SETS; do
  m=${set%%x*}; r=${set#*x}; n=${r%x*}; vb=${r#*x}
  P=mwg=$m,nwg=$n,vwa=8,vwb=$vb
  for ks in 1 2; do
    $A bench matmul --dtype $DT --sweep 30 --seed $SEED --sweep-range 8:1500 --strategy pad --params $P,ksplit=$ks --compare none --repeat 10 --format json > "$O/set-$m"x"$n-k$ks.jsonl"
    $A bench matmul --dtype $DT --shape $SK --strategy pad --params $P,ksplit=$ks --compare none --repeat 10 --format json >> "$O/set-$m"x"$n-k$ks.jsonl"
  done
done
$A bench matmul --dtype $DT --sweep 30 --seed $SEED --sweep-range 8:1500 --strategy auto --compare blas --repeat 10 --format json > "$O/auto.jsonl"
$A bench matmul --dtype $DT --shape $SK --strategy auto --compare blas --repeat 10 --format json >> "$O/auto.jsonl"
