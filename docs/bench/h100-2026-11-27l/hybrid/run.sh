#!/usr/bin/env bash
# Each product's auto choice, then its blocks on the product less its last 1 to 4 rows (or
# columns) of blocks, and on those rows (columns) with K in 1 to 8 slices; cuBLAS (PyTorch,
# TF32 off) on the whole products. From the checkout's root on the GPU machine; hsumm.py DIR.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
export B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache
O=/tmp/o; rm -rf $O; mkdir -p $O
S="1965x3442x2289 1031x2117x5118 5721x2876x1095 2048x2048x2048 3000x5000x700 1000x1000x1000 1536x1536x1536 2500x1800x1200 1200x3000x2000 4096x4096x4096"
timeout 420 python3 "$(dirname "$0")/hybrid.py" $O $S > $O/progress.txt 2>$O/err.txt
echo "rc $? $SECONDS" >> $O/progress.txt
python3 - $O/hybrid.jsonl > $O/torchin.jsonl <<'P'
import json,sys
for l in open(sys.argv[1]):
    x=json.loads(l)
    if x["kind"]=="auto": print(json.dumps(x["x"]))
P
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/torchin.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
