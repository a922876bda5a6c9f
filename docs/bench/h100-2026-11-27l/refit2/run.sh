#!/usr/bin/env bash
# run.sh V0: auto with the library in V0 (this tree) and .device-build's (this tree with the
# 128 x 128 set's rates 1.08 and the large set's 1.14 times as high and 4.5 and 3 us more a
# round of their work-groups, the fit of ../fit/ with a round cost per set) in turn, two
# rounds: 32 of the 282 products of 2000 whose choice that moves, and sweeps of seeds 131 and
# 132 (64 to 8192 per side); cuBLAS last.
D=$(cd "$(dirname "$0")" && pwd)
V0=$(cd "$1" && pwd)
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
run() { local tag=$1 lib=$2
  for a in "--shape $(cat $D/changed.txt)" "--sweep 30 --seed 131 --sweep-range 64:8192" "--sweep 30 --seed 132 --sweep-range 64:8192"; do
    env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 200 $B/tools/txf/txf bench matmul $a --strategy auto --compare none --repeat 10 --format json |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do run v0 "$V0"; run now $B/lib; done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
