#!/usr/bin/env bash
# run.sh V0: auto with the library in V0 (this tree) and .device-build's (this tree with the
# large set's rate 1.1 times as high, 264e9) in turn, two rounds, on products whose choice
# that moves (changed_c.txt, changed_d.txt; the first, of 35, was refused: txf bench takes 32
# shapes a run) and sweeps of seeds 141 and 142; cuBLAS last. From the checkout's root.
D=$(cd "$(dirname "$0")" && pwd)
V0=$(cd "$1" && pwd)
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
run() { local tag=$1 lib=$2
  for a in "--shape $(cat $D/changed_c.txt)" "--shape $(cat $D/changed_d.txt)" "--sweep 30 --seed 141 --sweep-range 1024:8192" "--sweep 30 --seed 142 --sweep-range 1024:8192"; do
    env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 200 $B/tools/txf/txf bench matmul $a --strategy auto --compare none --repeat 10 --format json |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do run v0 "$V0"; run now $B/lib; done
timeout 200 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
