#!/usr/bin/env bash
# Device checks (test_transpose, test_context, test_errors) and skinny transposes of
# 2^22 elements or more per element type, auto, against the copy. Usage: run.sh (repository
# root, with .device-build from tools/gpu-build.sh); the files land in $OUT/o.tgz.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version --format=csv > $O/gpu.txt 2>&1
t0=$(date +%s)
for t in test_transpose test_context test_errors; do
  (cd $B/tests && LD_LIBRARY_PATH=$B/libs:$B/lib:$NV TXF_KERNEL_PATH=$PWD/../../cl TXF_CACHE_DIR=/tmp/tcache timeout 240 ./$t > $O/$t.txt 2>&1; echo "$t rc $? $(( $(date +%s) - t0 )) s" >> $O/progress.txt)
done
S=3x1398101,1398101x3,7x599187,599187x7,16x262144,262144x16,20x209716,209716x20,24x174763,174763x24,32x131072,131072x32,9x466034,466034x9
for dt in u1 u2 f4 f8 c16; do
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache LD_LIBRARY_PATH=$B/libs:$B/lib:$NV timeout 120 $B/tools/txf/txf bench transpose --dtype $dt --shape $S --strategy auto --repeat 20 --format json > $O/skinny-$dt.jsonl 2>>$O/err.txt
  echo "bench $dt rc $? $(( $(date +%s) - t0 )) s" >> $O/progress.txt
done
cd /tmp && tar czf $OUT/o.tgz o
