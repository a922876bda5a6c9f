#!/usr/bin/env bash
# The final call: run.sh's u1 and u2 part (2^22 and 2^25 elements, two alternating rounds) with
# this tree's build against the parent commit's. Usage: final-call.sh BASE (repository root);
# the files land in $OUT/o.tgz after every step.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
NV=/usr/local/nvidia/lib64; B=$PWD/.device-build; A=$1
O=/tmp/o; rm -rf $O; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version --format=csv > $O/gpu.txt 2>&1
t0=$(date +%s)
mk() { n=$1; s=""; for k in 1 2 3 4 5 7 8 9 13 16 24 32; do c=$(( (n + k - 1) / k )); s="$s,${k}x$c,${c}x$k"; done; echo ${s#,}; }
S22=$(mk 4194304); S24=$(mk 16777216); S25=$(mk 33554432)
one() { # version dtype shapes round
  if [ $1 = base ]; then T=$A/tools/txf/txf; L=$A/lib; else T=$B/tools/txf/txf; L=$B/lib; fi
  env TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-$1 LD_LIBRARY_PATH=$B/libs:$L:$NV timeout 150 $T bench transpose --dtype $2 --shape $3 --strategy auto --repeat 20 --format json | sed "s|^{|{\"v\":\"$1\",\"round\":$4,|" >> $O/sk.jsonl 2>>$O/err.txt
  echo "$4 $1 $2 rc $? $(( $(date +%s) - t0 )) s" >> $O/progress.txt
  (cd /tmp && tar czf $OUT/o.tgz o)
}
for r in 1 2; do for v in base new; do for dt in u1 u2; do for S in $S22 $S25; do one $v $dt $S $r; done; done; done; done

