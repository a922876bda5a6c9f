#!/usr/bin/env bash
# The cost model with the edge checks' cost per round (this tree, "new") against it without
# ("old": the library before, exp/oldb, carried), auto in turn, two rounds, on products no fit
# saw: random ones of seeds 112 (m, n 512 to 8192, k 64 to 2048) and 113 (m, n 2000 to 10000, k
# 64 to 512), log-uniform, and named ones; cuBLAS (PyTorch, TF32 off) in the same call.
# `summ4.py call4`.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
R1=1944x3245x548,3560x6247x866,803x944x309,1510x7392x799,1876x1356x140,2723x6633x114,1794x1331x529,1036x613x667,1199x3079x1485,2569x6423x1033,610x1010x635,1928x518x1103,3103x1708x389,822x2352x104,3227x6971x135,1068x2525x1332,818x1515x521,807x620x854,2874x2558x424,680x1940x346,2132x804x81,2140x3524x646,6877x1433x248,1279x2077x651
R2=2100x8081x287,2058x4846x105,8267x7900x119,5240x4435x114,4015x3775x169,9257x6483x69,3526x9497x311,5307x5661x265,2605x3848x114,2723x6064x68,2667x6270x410,3256x7891x361,2560x8719x90,4272x2287x77,5821x7728x80,3386x5347x220
N=3000x5000x700,8191x8193x4097,4093x4093x4093,4096x4096x4096,8192x8192x8192,999x666x777,1000x1000x1000,5000x3000x300,2048x2048x2048,1500x1500x1500
for r in 1 2; do
  for who in old new; do
    if [ $who = old ]; then lib=$PWD/exp/oldb/lib; bin=$PWD/exp/oldb/txf; else lib=$B/lib; bin=$B/tools/txf/txf; fi
    for S in $R1 $R2 $N; do
      env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
        timeout 150 $bin bench matmul --shape $S --strategy auto --compare none --repeat 15 --format json |
        sed "s|^{|{\"round\":$r,\"set\":\"$who\",|" >> $O/mm.jsonl 2>>$O/err.txt
    done
    echo "$r $who rc $? $SECONDS s" >> $O/progress.txt
  done
done
timeout 120 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
