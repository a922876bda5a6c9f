#!/usr/bin/env bash
# The GPU skinny kernels forced with work-groups of 256 (default), 128 (32 x 4, 16 x 8) and
# larger items (refused: at most 256 on NVIDIA), 1- and 2-byte elements, two rounds.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; B=$PWD/.device-build
O=/tmp/o2; rm -rf $O; mkdir -p $O
S=3x1398101,1398101x3,7x599187,599187x7,9x466034,466034x9,24x174763,174763x24,16x262144,262144x16
for r in 1 2; do
for g in "" "--param tile=32 --param wg_rows=4" "--param tile=32 --param wg_rows=16" "--param tile=32 --param wg_rows=32" "--param tile=64 --param wg_rows=8" "--param tile=16 --param wg_rows=8"; do
 for dt in u1 u2; do
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$B/libs:$B/lib:$NV timeout 100 $B/tools/txf/txf bench transpose --dtype $dt --shape $S --strategy auto --param skinny=1 $g --repeat 20 --format json | sed "s|^{|{\"g\":\"$g\",\"round\":$r,|" >> $O/g.jsonl 2>>$O/err.txt
 done
done; done
cd /tmp && tar czf $OUT/o2.tgz o2
