#!/usr/bin/env bash
# Stream-K with whole waves of blocks run block by block first (the last one or two waves split):
# the model without it (streamk = 1), the model with it, and the large 256 x 128 set with packed
# operands (padcopy, one K slice) with and without it forced, ROUNDS rounds (default 1), in
# turn; named products and the sweep of seed 141 (30 products, 1024 to 8192 per side); cuBLAS
# (PyTorch, TF32 off) last.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
export TXF_CACHE_DIR=/tmp/cache TXF_KERNEL_PATH=$PWD/cl LD_LIBRARY_PATH=$B/lib:$B/libs:$NV
O=/tmp/o; rm -rf $O /tmp/cache; mkdir -p $O
NAMED=3050x1125x4064,1522x695x6417,2000x2000x2000,2048x2048x2048,3000x3000x3000,1965x3442x2289,2500x1800x1200,4789x2858x2059,3000x5000x700,1053x4285x1911,4939x636x1105,4096x4096x4096
S256="--strategy padcopy --params 256,128,32,16,16,4,4 --param wmap=2 --param ksplit=1"
for r in $(seq ${ROUNDS:-1}); do
  for v in "base|--strategy auto --param streamk=1" "auto|--strategy auto" "pp256|$S256" "kp256|$S256 --param streamk=132"; do
    name=${v%%|*} args=${v#*|}
    for a in "--shape $NAMED" "--sweep 30 --seed 141 --sweep-range 1024:8192"; do
      timeout 200 $B/tools/txf/txf bench matmul --dtype f4 $a $args --compare none --repeat 10 --format json |
        sed "s|^{|{\"g\":\"$name\",\"r\":$r,|" >> $O/mm.jsonl 2>>$O/err.txt
    done; echo "$r $name $SECONDS" >> $O/progress.txt
  done
done
timeout 200 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
