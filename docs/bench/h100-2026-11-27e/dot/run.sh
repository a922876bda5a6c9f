#!/usr/bin/env bash
# The reduction kernel (params.dot) on the GPU: a C of a few elements over a
# deep K. auto with dot=1 (the kernels before), and dot forced with several
# lane counts and slice counts; cuBLAS (torch_mm.py) on the same shapes.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
D=$(dirname "$0")
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
S=${S:-8x8x4000000,16x16x1000000,12x12x2000000,3x5x3000000,1x16x500000,32x32x200000,4x4x8000000,1x1x16000000,16x4x2000000,32x8x1000000}
F8=${F8:-8x8x2000000,16x16x1000000,3x5x3000000,32x32x100000}
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV timeout 250 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json --strategy auto "$@" | sed "s|^{|{\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
for R in 1 2; do
  run before --shape $S --param dot=1
  for L in ${LANES:-64 128 256 512}; do run dot$L --shape $S --param dot=$L; done
  for KS in ${KSS:-132 528 1024}; do run dot256k$KS --shape $S --param dot=256 --param ksplit=$KS; done
  run f8before --shape $F8 --dtype f8 --param dot=1
  run f8dot256 --shape $F8 --dtype f8 --param dot=256
  run f8dot128 --shape $F8 --dtype f8 --param dot=128
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 200 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
