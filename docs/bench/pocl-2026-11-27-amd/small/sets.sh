#!/usr/bin/env bash
# sgemm (dgemm) on POCL: the blocked kernel's block sets, the small ones and those summing along
# K (kvec) included, forced (pad, 1 and 2 K slices) on two sweeps and small and skinny shapes,
# for fitting the POCL entry's cost model (fit.py); auto and OpenBLAS beside.
# Usage: sets.sh BUILD OUTDIR [DTYPE]   (release build with -Dblas=enabled; DTYPE f4 or f8)
# ONLY="name ..." in the environment times only those sets, and not auto.
set -u
A=$1/tools/txf/txf; O=$2; DT=${3:-f4}
mkdir -p "$O"
export TXF_TUNING=0
SK=16x16x100000,1x16x50000,3x5x30001,8x8x100000,1x2048x2048,2048x1x2048,2048x4x2048,1x4096x1024,4096x2x1024
SK=$SK,8x4096x512,4096x8x512,31x861x610,861x31x610,64x64x20000,19x18x170,100x100x100,5x2000x700,2000x5x700
SK=$SK,16x1000x1000,1000x16x1000,2363x2806x27,12x1015x8,128x43x8,28x47x20,3x16x3048,26x1x1794
SK=$SK,1000x3x1000,3000x6x500,500x12x3000,8192x1x512,1643x2x19,777x7x77
# name:mwg,nwg,kwg,vwa,vwb[,kvec]  (f8: vwb 16 -> 8, kwg 256 -> 128, kvec 16 -> 8)
SETS="128x64:128,64,256,8,16 64x32:64,32,256,8,16 32x64:32,64,256,8,16 32x32:32,32,256,8,16
8x128:8,128,256,8,16 128x16:128,16,256,8,8 16x16:16,16,256,8,8 8x8:8,8,256,8,4 4x8:4,8,256,4,4
4x32:4,32,256,4,16 1x64:1,64,256,1,16 64x4:64,4,256,8,2
k128x1:128,1,512,8,1,16 k128x2:128,2,512,8,2,16 k128x4:128,4,512,4,4,16 k128x8:128,8,512,4,4,16"
for set in $SETS; do
  name=${set%%:*}
  [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]] && continue
  IFS=, read -r m n kw va vb kv <<< "${set#*:}"
  kv=${kv:-1}
  if [ "$DT" = f8 ]; then
    [ "$vb" = 16 ] && vb=8
    [ "$kw" = 256 ] && kw=128
    [ "$kv" = 16 ] && kv=8
  fi
  P=mwg=$m,nwg=$n,kwg=$kw,mdimc=1,ndimc=1,vwa=$va,vwb=$vb,kvec=$kv
  for ks in 1 2; do
    f="$O/set-$name-k$ks.jsonl"
    $A bench matmul --dtype $DT --sweep 30 --seed 7 --sweep-range 1:2048 --strategy pad --params $P,ksplit=$ks --compare none --repeat 7 --format json > "$f"
    $A bench matmul --dtype $DT --sweep 30 --seed 8 --sweep-range 1:512 --strategy pad --params $P,ksplit=$ks --compare none --repeat 7 --format json >> "$f"
    $A bench matmul --dtype $DT --shape $SK --strategy pad --params $P,ksplit=$ks --compare none --repeat 7 --format json >> "$f"
  done
done
[ -n "${ONLY:-}" ] && exit 0
for s in "--sweep 30 --seed 7 --sweep-range 1:2048" "--sweep 30 --seed 8 --sweep-range 1:512" "--shape $SK"; do
  $A bench matmul --dtype $DT $s --strategy auto --compare blas --repeat 7 --format json >> "$O/auto.jsonl"
done
