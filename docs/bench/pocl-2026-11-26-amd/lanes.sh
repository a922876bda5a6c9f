#!/usr/bin/env bash
# The lane network for every 2- to 8-byte stream tile (new: a copy of cl/ with it) against the
# tree (old, lanes only with non-temporal stores), alternating, three rounds.
# Usage (repository root): lanes.sh BUILD OUT; new kernels in exp/cll.
B=$1 O=$2; mkdir -p $O; export TXF_TUNING=0
NAMED=20x4045,4045x20,33x10000,100x2000,2000x100,440x414,700x1000,1024x1024,1493x652,1001x1001,2000x300,333x4001
for r in 1 2 3; do for v in old new; do K=$PWD/cl; [ $v = new ] && K=$PWD/exp/cll
for dt in u2 f4 f8; do
TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-l-$v $B/tools/txf/txf bench transpose --dtype $dt --sweep 20 --seed 1 --sweep-range 16:4096 --strategy auto --compare blas --repeat 20 --format json > $O/sweep-$dt-$v-$r.jsonl
TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-l-$v $B/tools/txf/txf bench transpose --dtype $dt --shape $NAMED --strategy auto --compare blas --repeat 20 --format json > $O/named-$dt-$v-$r.jsonl
done; done; done
