#!/usr/bin/env bash
# cp.async.ca against .cg for the 16-byte stage copies, through auto (checked), alternating, two rounds; cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/ca; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
one() { local v=$1 tag=$2; shift 2
  TXF_KERNEL_PATH=$PWD/exp/ca/$v TXF_CACHE_DIR=/tmp/h-$v timeout 200 $T bench matmul --strategy auto --compare none --repeat 10 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt; }
for round in 1 2; do
 for v in v0 vca; do
  one $v f8 --dtype f8 --shape 8192,4096,4093,3000x5000x700,6686x911x794,8191x8193x4097,2048,1000
  one $v f2 --dtype f2 --shape 8192,4096,3000x5000x700
  one $v t32 --dtype f4 --precision tf32 --shape 8192,4096
  one $v x3 --dtype f4 --precision 3xtf32 --shape 8192,4096,4093
  echo "round $round $v $(( $(date +%s) - t0 )) s" >> $O/log.txt
 done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/v0-f8.jsonl > $O/torch.jsonl 2>>$O/err.txt
cd $OUT && tar czf ca.tgz ca && rm -rf ca
