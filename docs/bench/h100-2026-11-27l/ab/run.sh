#!/usr/bin/env bash
# run.sh V0: auto with the library in V0 (libtiledxform.so built from the tree before) and
# .device-build's in turn, two rounds alternating; cuBLAS (PyTorch, TF32 off) last. Run from
# the checkout's root on the GPU machine; the files land in $OUT. summ.py $OUT.
set -u
D=$(cd "$(dirname "$0")" && pwd)
V0=$(cd "$1" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
MID=1965x3442x2289,1031x2117x5118,2048x2048x2048,3000x5000x700,1000x1000x1000,1536x1536x1536,2500x1800x1200,1200x3000x2000,1024x1024x1024,5287x851x795,997x1571x623,315x2162x1014,2000x2000x2000,1400x1400x3000,4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777
run() { local tag=$1 lib=$2
  for a in "$MID" "$(cat $D/changed_a.txt)" "$(cat $D/changed_b.txt)"; do
    env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 200 $B/tools/txf/txf bench matmul --shape "$a" --strategy auto --compare none --repeat 15 --format json |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do run v0 "$V0"; run now $B/lib; done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
