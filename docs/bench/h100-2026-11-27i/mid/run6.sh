#!/usr/bin/env bash
# The matrix-unit kernels' matmul_clip with interior blocks stored unchecked (exp/mid/mmaclip,
# carried) against this tree's kernels (cur), in turn, two rounds: auto with f64 and with f32 as
# TF32 on products the blocks do not divide and on 4096^3. `summ6.py call6`.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
M=4093x4093x4093,4096x4096x4096,8191x8193x4097,5727x4226x96,3000x5000x700,6676x6136x128,2500x2500x2500,1500x1500x1500,8191x8191x512,3526x9497x311
for r in 1 2; do
  for v in cur mmaclip; do
    if [ $v = cur ]; then kp=$PWD/cl; else kp=$PWD/exp/mid/$v; fi
    for x in "f8 --dtype f8" "tf32 --dtype f4 --precision tf32"; do
      tag=${x%% *}; args=${x#* }
      env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$kp TXF_CACHE_DIR=/tmp/cache-$v \
        timeout 200 $B/tools/txf/txf bench matmul --shape $M --strategy auto --compare none --repeat 9 --format json $args |
        sed "s|^{|{\"round\":$r,\"set\":\"$v/$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$r $v $tag rc $? $SECONDS s" >> $O/progress.txt
    done
  done
done
cp $O/* $OUT/
