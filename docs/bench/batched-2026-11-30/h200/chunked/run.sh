#!/bin/bash
# Batches of 1- and 2-byte transposes with output rows off 32-byte sectors:
# the chunked kernel's tiles in a batch against the other ways, the copy
# in the same process; then PyTorch's batched transpose and copy.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v5
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0 TXF_CACHE_DIR=/tmp/c
A=$D/new/tools/txf/txf
J="--strategy auto --compare none --format json --repeat 7"
SECONDS=0
while read r c; do
  for dt in u1 u2; do
    case $dt in u1) e=1;; u2) e=2;; esac
    B=$(( (64 << 20) / (r * c * e) )); [ $B -lt 2 ] && B=2
    [ $SECONDS -gt 300 ] && break 2
    timeout 40 $A bench transpose --shape ${r}x${c} --batch $B --dtype $dt $J >> $OUT/b.jsonl 2>>$OUT/err.txt
  done
  echo "$r $c $SECONDS" >> $OUT/progress.txt
done < $D/shapes.txt
timeout $((380 - SECONDS)) python3 $D/torch_tr.py $OUT/b.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
