#!/usr/bin/env bash
# ordinary (-1) against non-temporal (1) stores, 1- and 2-byte outputs off lines of 3 to 13 MB; tt in turn, ROUNDS rounds
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=${O:-$(dirname "$0")}
S1="2100_2500 2500_2900 3001_2500 2701_3001 1900_3500 3500_1900 1800_2000 4001_3000 1353_2287 3001_4001"
S2="1700_1800 2001_2001 1300_2600 2200_2100 2500_2500 1200_1500 2900_1700 1123_1931"
for r in $(seq ${ROUNDS:-3}); do
  for e in 1 2; do
    eval S=\$S$e
    for sh in $S; do
      for st in -1 1; do
        ./exp/tt $e ${sh/_/ } 15 strategy=pad stream=1 stores=$st | sed "s|^{|{\"round\":$r,\"st\":$st,|" >> $O/ab2.jsonl
      done
    done
  done
  echo "ab2 round $r $(date +%T)" >> $O/progress.txt
done
