#!/usr/bin/env bash
# auto through tt (the transpose alternating with the copy): the tree before (tt-old) and this tree (tt-new), in turn, ROUNDS rounds
export POCL_AFFINITY=1 TXF_TUNING=0
D=$(dirname "$0")
S1="379_2899 409_5571 493_5769 542_2322 700_1500 701_2157 1123_1931 1321_2607 1352_820 1353_2287 1401_1484 1500_1501 2000_2001 2607_496 2100_2500 999_700"
S2="379_2899 466_1965 542_2322 573_1471 700_1500 701_2157 950_922 999_700 1000_1001 1130_534 1352_820 1401_1484 1493_652 2075_291 2142_330 2607_496 1500_1501"
for r in $(seq ${ROUNDS:-3}); do
  for e in 1 2; do
    eval S=\$S$e
    for sh in $S; do
      for v in old new; do
        TXF_KERNEL_PATH=${CL_OLD:-$PWD/cl} $D/tt-$v $e ${sh/_/ } 15 | sed "s|^{|{\"round\":$r,\"v\":\"$v\",|" >> $D/tt.jsonl
      done
    done
  done
  echo "tt round $r $(date +%T)" >> $D/progress.txt
done
