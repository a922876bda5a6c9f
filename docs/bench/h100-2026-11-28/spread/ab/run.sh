#!/usr/bin/env bash
# C stored element by element with each work-item's columns one apart (C_STORE 3) where C's rows
# are off 16 bytes and K is 65 to 192 (f32): the tree before (lib0, cl0) and this one, in turn, two
# rounds, auto: 30 products of m, n 256 to 8192 and k 48 to 400 (seed 2812) and sweeps of seeds
# 151 and 152 (64 to 8192 per side); cuBLAS last. lib0: libtiledxform.so* of ea55316 (release build),
# cl0: its cl/.
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
export TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
for r in 1 2; do for v in v0 v1; do
  lib=$B/lib kp=$PWD/cl; [ $v = v0 ] && lib=$D/lib0 kp=$D/cl0
  for a in "--shape $(cat $D/shapes.txt)" "--sweep 30 --seed 151 --sweep-range 64:8192" "--sweep 30 --seed 152 --sweep-range 64:8192"; do
    LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$kp timeout 150 $B/tools/txf/txf bench matmul $a --strategy auto --compare none --repeat 10 --format json |
      sed "s|^{|{\"v\":\"$v\",\"r\":$r,|" >> $O/mm.jsonl 2>>$O/err.txt
  done; echo "$r $v $SECONDS" >> $O/progress.txt
done; done
timeout 120 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
