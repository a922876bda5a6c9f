#!/usr/bin/env bash
# The f32/f16 matrix-unit set with K steps of 16 in two stages against the entry's 8 in four (.ca copies),
# sweeps and named shapes; the f64 targets again with cuBLAS; test_context on the device.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=$OUT/k16; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
E=mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=16,lbuf=4,mma=4
K=mwg=128,nwg=128,kwg=16,mdimc=8,ndimc=16,lbuf=2,mma=4
b() { local tag=$1; shift; [ $(( $(date +%s) - t0 )) -gt 420 ] && return
  TXF_CACHE_DIR=/tmp/k-c timeout 150 $T bench matmul --compare none --repeat 10 --format json "$@" >> $O/$tag.jsonl 2>>$O/err.txt
  echo "$tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
b f8 --dtype f8 --strategy auto --shape 8192,4096,4093,3000x5000x700
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/f8.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $O/log.txt
for r in 1 2; do
 for s in E K; do P=$E; [ $s = K ] && P=$K
  b $s-t32 --dtype f4 --precision tf32 --params $P --shape 8192,4096,4093
  b $s-x3 --dtype f4 --precision 3xtf32 --params $P --shape 8192,4096,4093
  b $s-f2 --dtype f2 --params $P --shape 8192,4096,4093
 done
done
for s in E K; do P=$E; [ $s = K ] && P=$K
 b $s-wt32 --dtype f4 --precision tf32 --params $P --sweep 8 --seed 71 --sweep-range 512:8192
 b $s-wx3 --dtype f4 --precision 3xtf32 --params $P --sweep 6 --seed 72 --sweep-range 512:8192
 b $s-wf2 --dtype f2 --params $P --sweep 8 --seed 73 --sweep-range 512:8192
 b $s-wbf --dtype bf16 --params $P --sweep 4 --seed 74 --sweep-range 512:8192
done
TXF_CACHE_DIR=/tmp/k-t timeout 100 .device-build/tests/test_context > $O/test_context.txt 2>&1; echo "test_context rc $?" >> $O/log.txt
cd $OUT && tar czf k16.tgz k16 && rm -rf k16
