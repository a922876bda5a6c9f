#!/usr/bin/env bash
# run.sh BUILD OUT: `txf tune --op matmul --dtype f4` into a fresh cache, then auto on 30
# random f32 products (seed 41, 2 to 2048 per side) with the tuning file (TXF_TUNING=1) and
# without (0) in turn, three rounds. `summ.py OUT`. From the checkout's root.
set -u
B=$1 O=$2
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=$(mktemp -d)
$B/tools/txf/txf tune --op matmul --dtype f4 > $O.tune.txt 2>/dev/null
cp $TXF_CACHE_DIR/tuning/*.txt $O.tuning.txt
for r in 1 2 3; do for tu in 0 1; do
  TXF_TUNING=$tu $B/tools/txf/txf bench matmul --sweep 30 --seed 41 --sweep-range 2:2048 \
    --compare none --repeat 10 --format json 2>/dev/null | sed "s/^{/{\"tu\":$tu,/" >> $O.jsonl
done; done
