#!/bin/bash
# POCL's code generation for this CPU: LLVM 15 (Debian 12's POCL 3.1) does not know the Zen 5 (family 26)
# and POCL compiles for skylake-avx512 (AVX-512 without VBMI); POCL_LLVM_CPU_NAME=icelake-server adds VBMI and
# VBMI2 (byte permutes), which this CPU has. Auto transposes of four element types (sweep of seed 7 and named
# shapes) and f32 products, the copy in the same runs; default and icelake-server in turn, three rounds, each
# with its own POCL cache. Usage: run.sh BUILD OUT
B=$1 OUT=$2
mkdir -p $OUT
export TXF_KERNEL_PATH=$PWD/cl TXF_TUNING=0
for round in 1 2 3; do
  for cpu in default icelake-server; do
    env=(POCL_CACHE_DIR=/tmp/pocl-cpuname-$cpu)
    [ $cpu != default ] && env+=(POCL_LLVM_CPU_NAME=$cpu)
    for t in u1 u2 f4 f8; do
      for s in "--sweep 20 --seed 7" "--shape 2048x2048,4093x4099,1024x4096,513x8192,517x7526,3000x300,300x3000,8192x64"; do
        env "${env[@]}" $B/tools/txf/txf bench transpose $s --dtype $t --strategy auto --compare none --repeat 9 --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"cpu\":\"$cpu\",|" >> $OUT/tr.jsonl
      done
    done
    env "${env[@]}" $B/tools/txf/txf bench matmul --shape 1024x1024x1024,999x666x777,2048x2048x64,64x64x50000 --strategy auto --compare none --format json 2>>$OUT/err.txt | sed "s|^{|{\"round\":$round,\"cpu\":\"$cpu\",|" >> $OUT/mm.jsonl
  done
done
