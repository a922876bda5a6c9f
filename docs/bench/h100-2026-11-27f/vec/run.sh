#!/usr/bin/env bash
# A C of one row or one column whose vector operand the library now reads
# along K (a K x 1 B or a 1 x K A stored with unit stride), this tree against
# 55dc208 (built as exp/prevdev with its kernels in exp/prev/cl), f32 and
# f64, two rounds, each build in turn; two named shapes as controls; cuBLAS
# (PyTorch, TF32 off) on every shape in the same call. Run from the
# checkout's root with .device-build (tools/gpu-build.sh) beside cl/.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
O=/tmp/o; rm -rf $O; mkdir -p $O
S=4096x1x4096,16384x1x16384,1x4096x4096,1x16384x16384,8192x1x512,1x8192x512,20x1x961,1x20x961
S=$S,3000x1x50,1x3000x50,1x1x1000000,1x1x100000,100000x1x64,1x100000x64,46x1x340,1x46x340
S=$S,65536x1x1024,1x65536x1024,4096x4096x4096,999x666x777
for R in 1 2; do
  for who in old new; do
    if [ $who = old ]; then B=$PWD/exp/prevdev; KP=$PWD/exp/prev/cl; else B=$PWD/.device-build; KP=$PWD/cl; fi
    for DT in f4 f8; do
      env TXF_KERNEL_PATH=$KP TXF_CACHE_DIR=/tmp/cache-$who LD_LIBRARY_PATH=$B/lib:$PWD/.device-build/libs:$NV \
        timeout 200 $B/tools/txf/txf bench matmul --shape $S --dtype $DT --strategy auto --compare none \
        --repeat 15 --format json | sed "s|^{|{\"round\":$R,\"set\":\"$who\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$R $who $DT rc $?" >> $O/progress.txt
    done
  done
done
timeout 200 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $?" >> $O/progress.txt
cp $O/* $OUT/
