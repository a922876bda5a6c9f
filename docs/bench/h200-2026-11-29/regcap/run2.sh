#!/bin/bash
# register caps: which option form takes; then f32 products with m, n, k >= 1024, auto, no cap / cap 128 (both forms), in turn, two rounds
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
D=$PWD/exp/gpu/rr
export LD_LIBRARY_PATH=$D/lib:/usr/local/nvidia/lib64 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl TXF_BINARY_CACHE=0 CUDA_CACHE_DISABLE=1
T=$D/tools/txf/txf
S1=$(cat $D/s1.txt) S2=$(cat $D/s2.txt)
SECONDS=0
i=0
for X in "" "-cl-nv-maxrregcount=128" "-cl-nv-maxrregcount 128" "-cl-nv-maxrregcount=64" "-cl-nv-maxrregcount 64"; do
  i=$((i+1))
  XCLOPT="$X -cl-nv-verbose" XCLLOG=$OUT/regs$i.txt LD_PRELOAD=$D/shim.so TXF_CACHE_DIR=/tmp/cr$i $T bench matmul --shape 2312x1335x1057 --strategy pad,padcopy --repeat 3 --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"v\":\"$X\",|" >> $OUT/regs.jsonl
  echo "form $i [$X]: $(grep -h 'Used' $OUT/regs$i.txt | awk '{print $5}' | sort -n | tail -3 | tr '\n' ' ')" >> $OUT/progress.txt
done
for round in 1 2; do
  for v in none eq sp; do
    case $v in none) X="";; eq) X="-cl-nv-maxrregcount=128";; sp) X="-cl-nv-maxrregcount 128";; esac
    for s in "$S1" "$S2"; do
      XCLOPT="$X" LD_PRELOAD=$D/shim.so TXF_CACHE_DIR=/tmp/c-$v-$round timeout 150 $T bench matmul --shape $s --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"v\":\"$v\",|" >> $OUT/rr.jsonl
    done
    echo "$round $v $SECONDS" >> $OUT/progress.txt
  done
done
gzip $OUT/rr.jsonl
