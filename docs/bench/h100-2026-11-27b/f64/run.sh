#!/usr/bin/env bash
# f64 matrix units: register counts and occupancy. Probe (warps per SM), then block sets with and
# without -cl-nv-maxrregcount, cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
A=$PWD/.device-build/tools/txf/txf
O=$OUT/dg; mkdir -p $O
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
timeout 120 exp/dg/probe2 docs/bench/h200-2026-11-26/dmma/probe.cl > $O/probe.txt 2>&1
echo "probe $(( $(date +%s) - t0 )) s" >> $O/log.txt
SH=4096,8192,4093,3000x5000x700
run() { # name params xclopt
  XCLOPT="-cl-nv-verbose $3" XCLLOG=$O/$1.regs LD_PRELOAD=$PWD/exp/dg/shim.so TXF_CACHE_DIR=/tmp/c-$1 \
    timeout 200 $A bench matmul --dtype f8 --shape $SH --strategy auto --compare none --repeat 10 --format json \
    --params $2 --param mma=3 > $O/$1.jsonl 2>>$O/err.txt
  echo "$1 $(( $(date +%s) - t0 )) s" >> $O/log.txt
}
run A mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 ""
run B mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=4 ""
run C mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=32,lbuf=3 ""
run D mwg=128,nwg=128,kwg=8,mdimc=8,ndimc=32,lbuf=3 ""
run E mwg=64,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 ""
run F mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=3 ""
run Br mwg=128,nwg=64,kwg=8,mdimc=16,ndimc=16,lbuf=4 -cl-nv-maxrregcount=128
run Cr mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=32,lbuf=3 -cl-nv-maxrregcount=128
run Fr mwg=128,nwg=128,kwg=8,mdimc=16,ndimc=16,lbuf=3 -cl-nv-maxrregcount=128
run Er mwg=64,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 -cl-nv-maxrregcount=128
run A2 mwg=128,nwg=64,kwg=8,mdimc=8,ndimc=16,lbuf=4 ""
timeout 120 python3 docs/bench/h100-2026-11-25/dmma/dm_torch.py $O/A.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch $(( $(date +%s) - t0 )) s" >> $O/log.txt
cd $OUT && tar czf dg.tgz dg && rm -rf dg
