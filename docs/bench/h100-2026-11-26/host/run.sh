#!/usr/bin/env bash
# The host's part of small operations on the H100: three builds in turn, h0 (4b79861: its
# library, txf and cl/), host (this tree's library and txf with 4b79861's cl/: remembered
# choices, build options without snprintf) and both (this tree with ktail.patch applied to cl/:
# the tiled f32 kernel's last K step cut to K, tried, not kept). H0: a release build of
# 4b79861 (git worktree add /tmp/h0 4b79861; meson setup --buildtype=release; copy lib/,
# tools/txf/txf and cl/ there); KT: cl/ with ktail.patch. ov.c (host time per call, built
# against the library, -ltiledxform -lOpenCL) in exp/host. Output under /tmp/o, tarred into OUT.
# Products: sweep seed 1 (30 shapes) and named ones, two rounds; cuBLAS (PyTorch) beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
H0=$PWD/exp/gpu/h0; NEW=$PWD/.device-build
lib() { case $1 in h0) echo $H0/lib;; *) echo $NEW/lib;; esac; }
cl() { case $1 in both) echo ${KT:-$PWD/cl};; *) echo $H0/cl;; esac; }
bin() { case $1 in h0) echo $H0/tools/txf/txf;; *) echo $NEW/tools/txf/txf;; esac; }
for v in h0 host both; do
  for a in "64 64 64 3000 0" "64 64 64 3000 1" "1000 1000 1000 300 0" "300 200 100 2000 0"; do
    LD_LIBRARY_PATH=$(lib $v):$NEW/libs:$NV TXF_KERNEL_PATH=$(cl $v) TXF_CACHE_DIR=/tmp/cache-$v timeout 60 exp/host/ov $a | sed "s/^/$v /" >> $O/ov.txt 2>&1
  done
done
step ov
NAMED=4096x4096x4096,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000,2083x4733x66,4897x5363x277,1749x4673x88,582x838x531
for R in 1 2; do
  for v in h0 host both; do
    [ $(( $(date +%s) - t0 )) -gt 470 ] && break 2
    E="env LD_LIBRARY_PATH=$(lib $v):$NEW/libs:$NV TXF_KERNEL_PATH=$(cl $v) TXF_CACHE_DIR=/tmp/cache-$v"
    $E timeout 120 $(bin $v) bench matmul --sweep 30 --sweep-range 64:8192 --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"sweep\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v sweep rc $?"
    $E timeout 60 $(bin $v) bench matmul --shape $NAMED --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"named\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v named rc $?"
    [ $R = 1 ] && { $E timeout 40 $(bin $v) bench transpose --sweep 20 --sweep-range 64:2048 --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"tsweep\",|" >> $O/tr.jsonl 2>>$O/err.txt; step "$R $v tsweep rc $?"; }
  done
  [ $R = 1 ] && { timeout 60 python3 docs/bench/h100-2026-11-25/model/mm_torch.py $O/mm.jsonl > $O/torch1.jsonl 2>>$O/err.txt; step "torch1 rc $?"; }
done
timeout 50 python3 docs/bench/h100-2026-11-25/model/mm_torch.py $O/mm.jsonl > $O/torch2.jsonl 2>>$O/err.txt; step "torch2 rc $?"
cd /tmp && tar czf $OUT/o.tgz o
