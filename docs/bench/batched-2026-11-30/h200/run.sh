#!/bin/bash
# Batched transposes (txf bench transpose --batch): auto and each way of
# running a batch against the copy of the same bytes in the same process,
# five element sizes, each batch about 64 MiB; then PyTorch's batched
# transpose and copy of the same shapes.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v3
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0 TXF_CACHE_DIR=/tmp/c
A=$D/new/tools/txf/txf
J="--strategy auto --compare none --format json --repeat 7"
SECONDS=0
while read r c; do
  for dt in f4 u1 u2 f8 c16; do
    case $dt in u1) e=1;; u2) e=2;; f4) e=4;; f8) e=8;; c16) e=16;; esac
    B=$(( (64 << 20) / (r * c * e) )); [ $B -lt 2 ] && B=2
    [ $SECONDS -gt 470 ] && break 2
    timeout 40 $A bench transpose --shape ${r}x${c} --batch $B --dtype $dt $J >> $OUT/b.jsonl 2>>$OUT/err.txt
  done
  echo "$r $c $SECONDS" >> $OUT/progress.txt
done < $D/shapes.txt
timeout $((570 - SECONDS)) python3 $D/torch_tr.py $OUT/b.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
