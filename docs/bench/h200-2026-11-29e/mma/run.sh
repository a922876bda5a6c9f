#!/bin/bash
# The matrix-unit kernels at mid sizes with fewer warps a work-group: f64 (m16n8k4) 128 x 64 of four warps (the
# entry), 64 x 64 of two, 64 x 32 of one; TF32 (m16n8k8) 128 x 128 of four warps (the entry), 64 x 128 of two,
# 64 x 64 of one; each with 1 and 3 K slices, auto beside, cuBLAS (PyTorch; TF32 on for the TF32 rows).
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/mma
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
S=1078x1074x1328,1245x1655x1174,2366x1704x1450,3934x1086x1395,1643x1533x1911,2312x1335x1057,1180x3368x3559,1963x2075x3260,747x2294x326,1000x1000x1000,3002x785x1300,1695x7287x1948,2048x2048x2048,4096x4096x4096,1500x1500x1500,3000x5000x700
SETS="D128 f8 exact 128,64,8,8,16,2,2
D64 f8 exact 64,64,8,4,16,2,2
D32 f8 exact 64,32,8,4,8,2,2
T128 f4 tf32 128,128,8,8,16,2,2
T6412 f4 tf32 64,128,8,4,16,2,2
T64 f4 tf32 64,64,8,4,8,2,2"
echo "$SETS" | while read name dt prec p; do
  mma=4; [ $dt = f8 ] && mma=3
  for ks in 1 3; do
    TXF_CACHE_DIR=/tmp/c-$name timeout 60 $T bench matmul --shape $S --dtype $dt --precision $prec --strategy padcopy --params $p --param lbuf=4 --param mma=$mma --param ksplit=$ks --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"$name\",\"ks\":$ks,|" >> $OUT/x.jsonl
  done
  echo "$name $SECONDS" >> $OUT/progress.txt
done
for dt in "f8 exact" "f4 tf32"; do set -- $dt
  TXF_CACHE_DIR=/tmp/c-auto timeout 60 $T bench matmul --shape $S --dtype $1 --precision $2 --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"auto-$2\",\"ks\":0,|" >> $OUT/x.jsonl
done
echo "auto $SECONDS" >> $OUT/progress.txt
timeout 120 python3 $D/torch_mm.py $OUT/x.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
timeout 60 python3 $D/torch_tf32.py $OUT/x.jsonl > $OUT/torch_tf32.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/x.jsonl
