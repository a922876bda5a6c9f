#!/usr/bin/env bash
# Tried, not kept: the chunked kernel's work-groups in bands down the
# input's rows (CK_BAND, band.patch on 4098dbd's cl/transpose.cl),
# H100: this tree's kernels (no bands) against copies of cl/ with `#define
# CK_BAND 8` and 32 prepended (exp/clband8, exp/clband32), one build
# (.device-build), alternating, two rounds, auto on 1- and 2-byte shapes
# whose rows start off words (the chunked kernel). Results in $OUT/o.tgz;
# summary: summ.py DIR.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
S=16383x16385,8191x8193,12001x9999,6000x7003,4093x4099,3001x2999,14625x4534,16384x16385,9999x16385
for R in 1 2; do
  for v in cl exp/clband8 exp/clband32; do
    for dt in u1 u2; do
      env TXF_KERNEL_PATH=$PWD/$v TXF_CACHE_DIR=/tmp/cache-${v#exp/} LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV timeout 100 $NEW/tools/txf/txf bench transpose --dtype $dt --shape $S --strategy auto --repeat 15 --compare none --format json | sed "s|^{|{\"b\":\"${v#exp/}\",\"round\":$R,|" >> $O/tr.jsonl 2>>$O/err.txt
      step "$R $v $dt rc $?"
    done
  done
  cd /tmp && tar czf $OUT/o.tgz o; cd - >/dev/null
done
