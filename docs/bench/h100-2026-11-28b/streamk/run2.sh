#!/usr/bin/env bash
# Stream-K against pad with the same blocks, in turn, ROUNDS rounds (default 2): the 128 x 128 set
# (16 x 16 work-items, K steps of 16) and the large 256 x 128 set (K steps of 32, wmap 2), each
# as pad and as stream-K over 132 and 264 work-groups; auto; sweep of seed 141 (30 products,
# 1024 to 8192 per side) and named products; cuBLAS (PyTorch, TF32 off) last.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
export TXF_CACHE_DIR=/tmp/cache TXF_KERNEL_PATH=$PWD/cl LD_LIBRARY_PATH=$B/lib:$B/libs:$NV
O=/tmp/o; rm -rf $O /tmp/cache; mkdir -p $O
NAMED=3050x1125x4064,1522x695x6417,2000x2000x2000,2048x2048x2048,3000x3000x3000,1965x3442x2289,2500x1800x1200,4789x2858x2059,3000x5000x700,1053x4285x1911,4939x636x1105,4096x4096x4096
S128="--strategy pad --params 128,128,16,16,16,2,2"
S256="--strategy pad --params 256,128,32,16,16,4,4 --param wmap=2"
for r in $(seq ${ROUNDS:-2}); do
  for v in "auto|--strategy auto" "p128|$S128" "k128a|$S128 --param streamk=132" "k128b|$S128 --param streamk=264" "p256|$S256" "k256|$S256 --param streamk=132"; do
    name=${v%%|*} args=${v#*|}
    for a in "--shape $NAMED" "--sweep 30 --seed 141 --sweep-range 1024:8192"; do
      timeout 200 $B/tools/txf/txf bench matmul --dtype f4 $a $args --compare none --repeat 10 --format json |
        sed "s|^{|{\"g\":\"$name\",\"r\":$r,|" >> $O/mm.jsonl 2>>$O/err.txt
    done; echo "$r $name $SECONDS" >> $O/progress.txt
  done
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $SECONDS" >> $O/progress.txt
cp $O/* $OUT/
