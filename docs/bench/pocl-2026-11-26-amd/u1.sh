#!/usr/bin/env bash
# 1-byte transposes: the build before (OLD, without the AMD entry's 1-byte lanes) against this
# tree, alternating, three rounds; sweeps with seeds 1 and 2 and 13 named shapes.
# Usage: u1.sh OLD_BUILD OLD_CL NEW_BUILD NEW_CL OUT
B0=$1 K0=$2 B1=$3 K1=$4 O=$5; mkdir -p $O; export TXF_TUNING=0
NAMED=20x4045,4045x20,33x10000,100x2000,2000x100,440x414,700x1000,1024x1024,1493x652,1001x1001,2000x300,333x4001,2048x2048
for r in 1 2 3; do for v in old new; do B=$B0 K=$K0; [ $v = new ] && B=$B1 K=$K1
TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-u-$v $B/tools/txf/txf bench transpose --dtype u1 --sweep 20 --seed 1 --sweep-range 16:4096 --strategy auto --compare none --repeat 20 --format json > $O/sweep-u1-$v-$r.jsonl
TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-u-$v $B/tools/txf/txf bench transpose --dtype u1 --sweep 20 --seed 2 --sweep-range 16:4096 --strategy auto --compare none --repeat 20 --format json > $O/sweep2-u1-$v-$r.jsonl
TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-u-$v $B/tools/txf/txf bench transpose --dtype u1 --shape $NAMED --strategy auto --compare none --repeat 20 --format json > $O/named-u1-$v-$r.jsonl
done; done
