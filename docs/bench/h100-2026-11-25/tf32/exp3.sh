#!/usr/bin/env bash
# Kernel sources exp/base (16-byte staging, paired reads) against exp/new
# (padded rows along k, sources planned once), pad and padcopy, 3xtf32 and
# tf32; the dressed tests on the device; SASS of the new kernel.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH PATH=$PATH:/usr/local/cuda/bin TXF_BINARY_CACHE=0
V=${V:-4096x4096x4096,8192x8192x8192,4093x4093x4093}
declare -A CF
CF[F4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
CF[K4]="mwg=128 nwg=256 kwg=8 mdimc=8 ndimc=32 mma=4 lbuf=3"
t0=$(date +%s)
TXF_KERNEL_PATH=$PWD/exp/${TK:-new} timeout 200 $D/tests/test_context > $OUT/test_context.txt 2>&1; echo "test_context rc $? $(( $(date +%s) - t0 )) s"
grep -A3 "RUN.*tf32" $OUT/test_context.txt | head -4
for k in ${KDIRS:-base new}; do for c in ${CFGS:-F4 K4}; do for st in pad padcopy; do for p in 2 3; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  CUDA_CACHE_PATH=/tmp/nvc-$k-$c-$st-$p TXF_KERNEL_PATH=$PWD/exp/$k timeout 60 $A bench matmul --dtype f4 --shape $V --strategy $st $P --param precision=$p --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$k-$c-$st-p$p\",/" >> $OUT/cfg.jsonl
done; done; done; echo "$k $(( $(date +%s) - t0 )) s"; done
python3 $H/sass.py /tmp/nvc-${TK:-new}-F4-padcopy-3 $OUT/sass-new matmul_even > $OUT/sass.txt 2>&1
grep -E "REG:2|HMMA" $OUT/sass.txt | cut -c1-600 | head -6
tar czf $OUT/sass.tgz -C $OUT sass-new; rm -rf $OUT/sass-new
tail -3 $OUT/err.txt
python3 $H/summ.py $OUT
