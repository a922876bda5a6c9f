#!/usr/bin/env bash
# stage.sh TXF OUT R: shifted streaming kernel (outputs off lines, non-temporal stores forced),
# each tile's lines loaded first (TXF_X_STAGE: a build with stage-hook.patch) or not, R rounds in turn
set -u
T=$1 O=$2 R=${3:-3}
export POCL_AFFINITY=1 TXF_TUNING=0
for r in $(seq $R); do for stg in 0 1; do
  if [ $stg = 1 ]; then export TXF_X_STAGE=1; else unset TXF_X_STAGE; fi
  for dt in f4 f8; do
    case $dt in f4) S=1450x1450,2050x2050,2500x2500,2900x2900,3001x2999,3500x3500,4093x4099,5000x5001;;
                f8) S=1050x1050,1450x1450,1800x1800,2050x2050,2500x2500,3001x2999,3500x3500,4093x4099;; esac
    $T bench transpose --dtype $dt --shape $S --strategy pad --param stream=1 --param stores=1 --compare none --repeat 10 --format json 2>/dev/null | sed "s|^{|{\"round\":$r,\"st\":$stg,|" >> $O
  done
done; done
