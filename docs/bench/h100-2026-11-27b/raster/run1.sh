#!/usr/bin/env bash
# Block rasterization (RASTER bands of block rows): every matmul kernel family, cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
A=$PWD/.device-build/tools/txf/txf
O=$OUT/ras; mkdir -p $O
t0=$(date +%s)
one() { # raster tag args...
  local r=$1 tag=$2; shift 2
  TXF_KERNEL_PATH=$PWD/exp/ras/r$r TXF_CACHE_DIR=/tmp/c-r$r timeout 150 $A bench matmul --strategy auto --compare none --repeat 10 --format json "$@" >> $O/r$r-$tag.jsonl 2>>$O/err.txt
}
for round in 1 2; do
 for r in 1 8 4 16; do
  one $r f8 --dtype f8 --shape 8192,4096,4093,3000x5000x700,2048
  one $r f4 --dtype f4 --shape 8192,4096,3000x5000x700,1000,6686x911x794
  one $r x3 --dtype f4 --precision 3xtf32 --shape 8192,4096
  one $r t32 --dtype f4 --precision tf32 --shape 8192,4096
  one $r f2 --dtype f2 --shape 8192,4096
  echo "round $round r$r $(( $(date +%s) - t0 )) s" >> $O/log.txt
  [ $(( $(date +%s) - t0 )) -gt 420 ] && break 2
 done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/r1-f8.jsonl $O/r1-f4.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $O/log.txt
cd $OUT && tar czf ras.tgz ras && rm -rf ras
