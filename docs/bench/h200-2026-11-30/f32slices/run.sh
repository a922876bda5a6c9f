#!/bin/bash
# f32 packed sets forced with 1 to 8 K slices on products of 512 to 8192 per side: the 128 x 128 and 128 x 64
# sets (K steps of 8, three stages) and the 64 x 64 set of 64 work-items; auto beside; cuBLAS in the same call.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/v2
export LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0
T=$D/new/tools/txf/txf
SECONDS=0
S=4911x1315x2106,2813x2360x2604,1096x1432x4015,1505x595x6983,1441x1681x4242,2034x2764x3374,2353x2243x2262,999x666x777,1000x1000x1000,2963x117x7712,120x9000x3000
SETS="C128p 128,128,8,16,16,2,2
C64p 128,64,8,16,16,2,2
P64s 64,64,8,8,8,2,2"
for SW in "--shape $S" "--sweep 32 --seed 1401 --sweep-range 1024:8192" "--sweep 16 --seed 1402 --sweep-range 512:4096"; do
  echo "$SETS" | while read name p; do
    for ks in 1 2 3 4 6 8; do
      [ $SECONDS -gt 400 ] && break
      TXF_CACHE_DIR=/tmp/c-$name timeout 60 $T bench matmul $SW --strategy padcopy --params $p --param lbuf=3 --param ksplit=$ks --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"$name\",\"ks\":$ks,|" >> $OUT/x.jsonl
    done
    echo "$name $SECONDS" >> $OUT/progress.txt
  done
  TXF_CACHE_DIR=/tmp/c-auto timeout 60 $T bench matmul $SW --strategy auto --compare none --repeat 7 --format json 2>>$OUT/err.txt | sed "s|^{|{\"set\":\"auto\",\"ks\":0,|" >> $OUT/x.jsonl
  echo "auto $SECONDS" >> $OUT/progress.txt
done
timeout 150 python3 $D/torch_mm.py $OUT/x.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $SECONDS" >> $OUT/progress.txt
gzip $OUT/x.jsonl
