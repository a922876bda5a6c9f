#!/usr/bin/env bash
# Second call: this tree's library (host) first, then h0 (4b79861, as run.sh), two rounds.
# ov (ov.c) under the shim (shim.c, built as exp/shim/libshim.so: gcc -O2 -shared -fPIC shim.c
# -ldl; LD_PRELOAD, time and count per OpenCL call); products of three sweeps (seeds 1, 3, 4, 30
# shapes each) and named ones; cuBLAS (PyTorch, TF32 off) with both harnesses (torchN: the
# 2026-11-25 mm_torch.py, torchwN: mm_torch.py here, warmed up 20 ms per shape); ptxas -v on the
# PTX of the binary cache (regcap/mregs.py). summ2.py data2 h0,host summarises.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H0=$PWD/exp/gpu/h0; NEW=$PWD/.device-build
lib() { case $1 in h0) echo $H0/lib;; *) echo $NEW/lib;; esac; }
cl() { case $1 in h0) echo $H0/cl;; *) echo $PWD/cl;; esac; }
bin() { case $1 in h0) echo $H0/tools/txf/txf;; *) echo $NEW/tools/txf/txf;; esac; }
for v in host h0; do
  for a in "300 200 100 2000 0" "1000 1000 1000 300 0" "64 64 64 2000 1"; do
    echo "== $v $a" >> $O/shim.txt
    LD_PRELOAD=$PWD/exp/shim/libshim.so SHIM_OUT=$O/shim.txt LD_LIBRARY_PATH=$(lib $v):$NEW/libs:$NV TXF_KERNEL_PATH=$(cl $v) TXF_CACHE_DIR=/tmp/cache-$v timeout 60 exp/host/ov $a >> $O/shim.txt 2>&1
  done
done
step shim
NAMED=4096x4096x4096,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000,2083x4733x66,4897x5363x277,1749x4673x88,582x838x531
for R in 1 2; do
  for v in host h0; do
    E="env LD_LIBRARY_PATH=$(lib $v):$NEW/libs:$NV TXF_KERNEL_PATH=$(cl $v) TXF_CACHE_DIR=/tmp/cache-$v"
    for seed in 1 3 4; do
      $E timeout 120 $(bin $v) bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"sweep$seed\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v sweep $seed rc $?"
    done
    $E timeout 60 $(bin $v) bench matmul --shape $NAMED --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"named\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v named rc $?"
  done
  timeout 100 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw$R.jsonl 2>>$O/err.txt; step "torch warm $R rc $?"
  timeout 60 python3 docs/bench/h100-2026-11-25/model/mm_torch.py $O/mm.jsonl > $O/torch$R.jsonl 2>>$O/err.txt; step "torch $R rc $?"
done
python3 exp/ck/mregs.py /tmp/cache-host $O/regs > $O/regs.txt 2>&1; step "regs rc $?"
rm -f $O/regs/*.cubin
cd /tmp && tar czf $OUT/o.tgz o
