#!/usr/bin/env bash
# Bands of block rows (raster) through auto: the parent (5d1366e) against this tree, alternating, two
# rounds; cuBLAS beside; test_context on the device.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/fin; mkdir -p $O
t0=$(date +%s)
one() { # version tag args
  local v=$1 tag=$2; shift 2
  if [ $v = base ]; then T=$PWD/exp/base/tools/txf/txf; K=$PWD/exp/base/cl; else T=$PWD/.device-build/tools/txf/txf; K=$PWD/cl; fi
  TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/f-$v timeout 150 $T bench matmul --strategy auto --compare none --repeat 10 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt
}
for round in 1 2; do
 for v in base new; do
  one $v f2 --dtype f2 --shape 8192,4096,12288x12288x1024,3000x5000x700
  one $v bf16 --dtype bf16 --shape 8192
  one $v t32 --dtype f4 --precision tf32 --shape 8192,4096
  one $v x3 --dtype f4 --precision 3xtf32 --shape 8192,4096,4093
  one $v f8 --dtype f8 --shape 8192,4096,4093,3000x5000x700,6686x911x794,8191x8193x4097
  one $v f4 --dtype f4 --shape 8192,1000,4093
  echo "round $round $v $(( $(date +%s) - t0 )) s" >> $O/log.txt
 done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/new-f8.jsonl $O/new-f4.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $O/log.txt
: test_context ran in the first call
cd $OUT && tar czf fin.tgz fin && rm -rf fin
