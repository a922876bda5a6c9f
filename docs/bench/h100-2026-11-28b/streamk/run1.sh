#!/usr/bin/env bash
# Stream-K forced against auto (f32), in turn, two rounds: named mid-size products and a sweep of
# seed 141 (30 products, 1024 to 8192 per side); streamk = 132, 264, 396 and 528 work-groups with
# the cost model's blocks; cuBLAS (PyTorch, TF32 off) last. The driver's binaries (PTX) of the
# runs are kept for their register counts (ptxas -v).
set -u
D=$(cd "$(dirname "$0")" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build-nb
export TXF_CACHE_DIR=/tmp/cache TXF_KERNEL_PATH=$PWD/cl LD_LIBRARY_PATH=$B/lib:$B/libs:$NV
O=/tmp/o; rm -rf $O /tmp/cache; mkdir -p $O
NAMED=3050x1125x4064,1522x695x6417,1000x1000x1000,1024x1024x1024,2000x2000x2000,2048x2048x2048,3000x3000x3000,1965x3442x2289,1536x1536x1536,1400x1400x3000,2500x1800x1200,4789x2858x2059,3000x5000x700,1053x4285x1911,4939x636x1105,4096x4096x4096
for r in $(seq ${ROUNDS:-2}); do for g in ${GS:-0 132 264 396 528}; do
  P=""; [ $g -gt 0 ] && P="--param streamk=$g"
  for a in "--shape $NAMED" "--sweep 30 --seed 141 --sweep-range 1024:8192"; do
    timeout 200 $B/tools/txf/txf bench matmul --dtype f4 $a --strategy auto $P --compare none --repeat 10 --format json |
      sed "s|^{|{\"g\":$g,\"r\":$r,|" >> $O/mm.jsonl 2>>$O/err.txt
  done; echo "$r $g $SECONDS" >> $O/progress.txt
done; done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $SECONDS" >> $O/progress.txt
tar -czf $O/cache.tgz -C /tmp cache 2>>$O/err.txt
cp $O/* $OUT/
