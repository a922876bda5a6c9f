#!/usr/bin/env bash
# Block sets with .ca copies (checked), then random f64 / f16 / tf32 sweeps, base (.cg) against new, cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/sets; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
sw() { local v=$1 tag=$2; shift 2; [ $(( $(date +%s) - t0 )) -gt 300 ] && return; K=$PWD/cl; [ $v = base ] && K=$PWD/exp/sets/base
  TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/w-$v timeout 200 $T bench matmul --compare none --repeat 10 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt
  echo "sweep $v $tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
for v in base new; do
 sw $v f8 --dtype f8 --sweep 12 --seed 61 --sweep-range 512:8192
 sw $v f2 --dtype f2 --sweep 8 --seed 62 --sweep-range 1024:8192
 sw $v t32 --dtype f4 --precision tf32 --sweep 8 --seed 63 --sweep-range 1024:8192
done
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/new-f8.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $O/log.txt
st() { local tag=$1 p=$2; shift 2; [ $(( $(date +%s) - t0 )) -gt 520 ] && return
  TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/s-$tag timeout 120 $T bench matmul --strategy auto --compare none --repeat 10 --format json --params $p "$@" >> $O/set-$tag.jsonl 2>>$O/err.txt
  echo "$tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
S8=8192,4096,3000x5000x700,2048
st A mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4,mma=3 --dtype f8 --shape $S8
st A3 mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=3,mma=3 --dtype f8 --shape $S8
st B mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=4,mma=3 --dtype f8 --shape $S8
st D mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=32,lbuf=3,mma=3 --dtype f8 --shape $S8
st F mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=3,mma=3 --dtype f8 --shape $S8
st K16 mwg=128,nwg=64,kwg=16,mdimc=8,ndimc=16,lbuf=2,mma=3 --dtype f8 --shape $S8
st W mwg=64,nwg=128,kwg=8,mdimc=16,ndimc=8,lbuf=4,mma=3 --dtype f8 --shape $S8
for prec in f2 tf32; do
 if [ $prec = f2 ]; then X="--dtype f2"; else X="--dtype f4 --precision tf32"; fi
 st $prec-E mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=16,lbuf=4,mma=4 $X --shape 8192,4096
 st $prec-E8 mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=4,mma=4 $X --shape 8192,4096
 st $prec-E3 mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=16,lbuf=3,mma=4 $X --shape 8192,4096
 st $prec-L mwg=256,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=3,mma=4 $X --shape 8192,4096
 st $prec-K16 mwg=128,nwg=128,kwg=16,mdimc=8,ndimc=16,lbuf=2,mma=4 $X --shape 8192,4096
done
cd $OUT && tar czf sets.tgz sets && rm -rf sets
