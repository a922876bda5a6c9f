#!/usr/bin/env bash
# Smaller blocks for a small C over a deep K (H100): this tree's auto
# against forced blocks of 32 x 32 and 16 x 16 (K slices by the entry's
# rule), f32 and f8, two rounds; cuBLAS (torch_mm.py) beside. Results in
# $OUT/o.tgz; summary: blocks.py DIR.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
D=$(dirname "$0")
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
S=8x8x4000000,16x16x1000000,32x32x200000,64x64x50000,16x64x500000,100x100x100000,64x128x200000
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV timeout 200 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json --shape $S "$@" | sed "s|^{|{\"b\":\"$tag\",\"round\":$R,|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
for R in 1 2; do
  for dt in f4 f8; do
    run auto-$dt --strategy auto --dtype $dt
    run b32-$dt --strategy pad --dtype $dt --params mwg=32,nwg=32,kwg=16,mdimc=8,ndimc=8,vwa=4,vwb=4
    run b16-$dt --strategy pad --dtype $dt --params mwg=16,nwg=16,kwg=16,mdimc=8,ndimc=8,vwa=2,vwb=2
    run b16k32-$dt --strategy pad --dtype $dt --params mwg=16,nwg=16,kwg=32,mdimc=4,ndimc=4,vwa=4,vwb=4
  done
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
timeout 200 python3 $D/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt; step "torch rc $?"
cd /tmp && tar czf $OUT/o.tgz o
