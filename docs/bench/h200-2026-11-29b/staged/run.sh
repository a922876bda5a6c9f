#!/bin/bash
# FMA kernels: 128 x 128 x 16 register-staged (lbuf 1, the entry's set) against 128 x 128 x 8 through
# cp.async stages (lbuf 3, 4), pad and padcopy, K slices as the device says; auto; two rounds; then cuBLAS.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/stg  # the slim build of this tree: new/lib, new/tools/txf; shim.so from ../../h100-2026-11-27b/f64/shim.c
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
S1=$(cat $D/s1.txt) S2=$(cat $D/s2.txt)
SECONDS=0
# registers and spills of each set's kernels (one small product, shim log)
for cfg in "128,128,16,16,16,2,2 lbuf=1" "128,128,8,16,16,2,2 lbuf=3" "128,128,8,16,16,2,2 lbuf=4" "128,64,8,16,16,4,4 lbuf=4"; do
  set -- $cfg
  XCLOPT="-cl-nv-verbose" XCLLOG=$OUT/regs.txt LD_PRELOAD=$D/shim.so TXF_CACHE_DIR=/tmp/c-r timeout 60 $T bench matmul --shape 1000x1000x1000 --strategy pad,padcopy --params $1 --param $2 --compare none --repeat 1 >> $OUT/regs-runs.txt 2>&1
  echo "== $cfg" >> $OUT/regs.txt
done
echo "regs $SECONDS" >> $OUT/progress.txt
for round in 1 2; do
  for cfg in "M1 128,128,16,16,16,2,2 lbuf=1" "S3 128,128,8,16,16,2,2 lbuf=3" "S4 128,128,8,16,16,2,2 lbuf=4" "H4 128,64,8,16,16,4,4 lbuf=4"; do
    set -- $cfg
    for st in pad padcopy; do
      for S in "$S1" "$S2"; do
      TXF_CACHE_DIR=/tmp/c-$1 timeout 100 $T bench matmul --shape $S --strategy $st --params $2 --param $3 --param wmap=1 --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"set\":\"$1\",|" >> $OUT/stg.jsonl
      done
    done
    echo "$round $1 $SECONDS" >> $OUT/progress.txt
  done
  for S in "$S1" "$S2"; do
  TXF_CACHE_DIR=/tmp/c-auto timeout 100 $T bench matmul --shape $S --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"set\":\"auto\",|" >> $OUT/stg.jsonl
  done
  echo "$round auto $SECONDS" >> $OUT/progress.txt
done
timeout 120 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/stg.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $? $SECONDS" >> $OUT/progress.txt
gzip $OUT/stg.jsonl
