#!/bin/bash
# f32 products whose C rows start off 16 bytes (n not a multiple of 4) with a K of 65 to 400 under a C of
# 2^20 elements or more: block sets forced (the shallow set for such rows, 64 x 64 x 8, pad and padcopy; the
# model's 128 x 64 x 16 pad; the packed sets through stages: 128 x 64, 128 x 128, 64 x 64 of 64 work-items),
# one K slice, on two samples (fit: seed 1601 and four named; check: seed 1602); auto and cuBLAS beside.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v2
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
SETS="SOu pad 64,64,8,16,16,2,2 lbuf=1
SOp padcopy 64,64,8,16,16,2,2 lbuf=1
M64u pad 128,64,16,16,16,4,4 lbuf=1
C64p padcopy 128,64,8,16,16,2,2 lbuf=3
C128p padcopy 128,128,8,16,16,2,2 lbuf=3
P64s padcopy 64,64,8,8,8,2,2 lbuf=3"
for r in 1 2; do
  for S in $(cat $PWD/docs/bench/h200-2026-11-30/oddrows/shapes.txt); do
    echo "$SETS" | while read name st p l; do
      TXF_CACHE_DIR=/tmp/c-$name timeout 60 $T bench matmul --shape $S --strategy $st --params $p --param $l --param ksplit=1 --compare none --repeat 9 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$r,\"set\":\"$name\",|" >> $OUT/x.jsonl
    done
    TXF_CACHE_DIR=/tmp/c-auto timeout 60 $T bench matmul --shape $S --strategy auto --compare none --repeat 9 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$r,\"set\":\"auto\",|" >> $OUT/x.jsonl
  done
  echo "round $r $SECONDS" >> $OUT/progress.txt
done
timeout 120 python3 $D/torch_mm.py $OUT/x.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/x.jsonl
