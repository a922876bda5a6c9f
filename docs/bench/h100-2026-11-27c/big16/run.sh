#!/usr/bin/env bash
# Larger f16 / TF32 blocks per multiprocessor (less traffic from L2 per flop), checked, two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
O=$OUT/big16; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
st() { local tag=$1 p=$2; shift 2; [ $(( $(date +%s) - t0 )) -gt 150 ] && return
  TXF_CACHE_DIR=/tmp/b-c timeout 60 $T bench matmul --strategy auto --compare none --repeat 10 --format json --params $p "$@" >> $O/$tag.jsonl 2>>$O/err.txt
  echo "$tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
for r in 1 2; do
 for prec in f2 tf32; do
  if [ $prec = f2 ]; then X="--dtype f2"; else X="--dtype f4 --precision tf32"; fi
  st $prec-E mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=16,lbuf=4,mma=4 $X --shape 8192,4096
  st $prec-L16 mwg=256,nwg=128,kwg=16,mdimc=16,ndimc=16,lbuf=2,mma=4 $X --shape 8192,4096
  st $prec-T16 mwg=128,nwg=256,kwg=16,mdimc=8,ndimc=32,lbuf=2,mma=4 $X --shape 8192,4096
  st $prec-L mwg=256,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=4,mma=4 $X --shape 8192,4096
 done
done
cd $OUT && tar czf big16.tgz big16 && rm -rf big16
