#!/usr/bin/env bash
# Forced f32 sets and auto on the products of cfg.txt (gen.py), then cuBLAS. From the checkout's root.
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $O/env.txt 2>&1
while read -r tag st params shapes; do
  [ $SECONDS -gt 420 ] && break
  pa=(); [ "$params" != "-" ] && pa=(--params "$params")
  timeout 150 $B/tools/txf/txf bench matmul --shape "$shapes" --strategy "$st" "${pa[@]}" --compare none --repeat 7 --format json |
    sed "s|^{|{\"tag\":\"$tag\",|" >> $O/cal.jsonl 2>>$O/err.txt
  echo "$tag $SECONDS" >> $O/progress.txt
done < $D/cfg.txt
timeout 120 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/cal.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
