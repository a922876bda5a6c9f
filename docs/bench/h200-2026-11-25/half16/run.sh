#!/usr/bin/env bash
# f16 and bf16 operands (f32 C) with auto on named shapes and a seeded sweep,
# block variants of the pair kernel on two shapes, f32 with precision tf32
# on the named shapes, and cuBLAS through PyTorch in the same call: fp16 and
# bf16 gemm (16-bit C), and the same upcast to f32 on TF32. Every txf result
# is checked. test_matmul16 runs first, on the H100's kernels.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h200-2026-11-25/half16
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-half16
S=8192x8192x8192,4096x4096x4096,4093x4093x4093,2048x2048x2048,8191x8193x4097,3000x5000x700,1000x1000x1000,999x666x777,64x50000x64
t0=$(date +%s)
el() { echo "$1 $(( $(date +%s) - t0 )) s"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu --format=csv,noheader > $OUT/env.txt 2>&1
timeout 150 $D/tests/test_matmul16 > $OUT/test_matmul16.txt 2>&1; el "test_matmul16 rc $?"
[ -n "${TESTS:-}" ] && for t in $TESTS; do timeout 200 $D/tests/$t > $OUT/$t.txt 2>&1; el "$t rc $?"; done
for t in f2 bf16; do
  timeout 100 $A bench matmul --dtype $t --shape $S --strategy auto --compare none --format json > $OUT/named-$t.jsonl 2>>$OUT/err.txt; el $t
done
for p in tf32 3xtf32; do
  timeout 100 $A bench matmul --dtype f4 --shape $S --strategy auto --precision $p --compare none --format json > $OUT/named-f4$p.jsonl 2>>$OUT/err.txt; el f4$p
done
# Block variants: mwg,nwg,kwg,mdimc,ndimc,vwa,vwb,ksplit,lbuf (mma 4).
V="128,128,16,8,16,2,2,1,2 128,256,8,16,16,2,2,1,3 256,128,8,16,16,2,2,1,3 128,128,8,8,16,2,2,1,3 64,128,8,8,16,2,2,1,4"
for v in $V; do
  timeout 40 $A bench matmul --dtype f2 --shape 8192x8192x8192,4096x4096x4096 --strategy padcopy --params $v,1,1 --param mma=4 --compare none --format json > $OUT/var-$v.jsonl 2>>$OUT/err.txt
done; el variants
python3 $H/shapes.py $OUT > $OUT/shapes.txt
timeout 120 python3 $H/torch16.py $(cat $OUT/shapes.txt) > $OUT/torch.jsonl 2>>$OUT/err.txt; el torch
timeout 100 $A bench matmul --dtype f2 --sweep 16 --seed 3 --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/sweep-f2.jsonl 2>>$OUT/err.txt; el sweep
python3 $H/shapes.py $OUT sweep > $OUT/sweep-shapes.txt
timeout 60 python3 $H/torch16.py $(cat $OUT/sweep-shapes.txt) > $OUT/torch-sweep.jsonl 2>>$OUT/err.txt; el torch-sweep
tail -3 $OUT/err.txt
python3 $H/summ.py $OUT | tee $OUT/summary.txt
tar czf $OUT/half16.tgz -C $OUT $(cd $OUT && ls *.jsonl *.txt) && (cd $OUT && rm -f *.jsonl)
