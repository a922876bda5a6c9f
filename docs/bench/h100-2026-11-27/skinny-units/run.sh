#!/usr/bin/env bash
# The GPU skinny kernels before (BASE: a release build of the parent commit, its txf and
# library, element by element) and after (.device-build from tools/gpu-build.sh: 4-byte
# units), both with this tree's cl/: u1 and u2 skinny shapes of 2^22 and 2^25 elements
# (short sides 1-32, both ways round), auto, two alternating rounds; f8 of 2^24 elements one
# round; test_context. Usage: run.sh BASE (repository root); the files land in $OUT/o.tgz
# after every step.
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
(cd $B/tests && LD_LIBRARY_PATH=$B/libs:$B/lib:$NV TXF_KERNEL_PATH=$PWD/../../cl TXF_CACHE_DIR=/tmp/tcache timeout 150 ./test_context > $O/test_context.txt 2>&1; echo "test_context rc $? $(( $(date +%s) - t0 )) s" >> $O/progress.txt)
(cd /tmp && tar czf $OUT/o.tgz o)
for v in new base; do one $v f8 $S24 3; done
