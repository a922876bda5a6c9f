#!/usr/bin/env bash
# ordinary (-1) against non-temporal (1) stores, output rows off 64-byte lines, 1- to 8-byte elements, 0.5 to 20 MB; tt in turn, ROUNDS rounds
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=${O:-$(dirname "$0")}
S1="1401_1484 1123_1931 1353_2287 1000_1001 2232_4922 3001_2999 1500_6001 4093_4099 999_700 700_1500"
S2="1401_1484 1123_1931 2000_1001 1500_1501 2232_2461 3001_2999 999_700 700_1500 2500_3001"
S4="1401_1484 999_700 1123_1931 1500_1501 2001_1999 1000_2001 2500_1501"
S8="999_700 1123_931 1500_1001 1001_1499 700_1500"
for r in $(seq ${ROUNDS:-3}); do
  for e in 1 2 4 8; do
    eval S=\$S$e
    for sh in $S; do
      for st in -1 1; do
        ./exp/tt $e ${sh/_/ } 15 strategy=pad stream=1 stores=$st | sed "s|^{|{\"round\":$r,\"st\":$st,|" >> $O/ab.jsonl
      done
    done
  done
  echo "round $r $(date +%T)" >> $O/progress.txt
done
