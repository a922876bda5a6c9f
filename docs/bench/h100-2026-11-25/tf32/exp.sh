#!/usr/bin/env bash
# Kernel-source variants (exp/NAME, carried) x block sets x precision on
# 4096^3 and 8192^3; then registers, spills and SASS of the cached cubins.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH PATH=$PATH:/usr/local/cuda/bin TXF_BINARY_CACHE=0
V=${V:-4096x4096x4096,8192x8192x8192}
declare -A CF
CF[F4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
CF[G4]="mwg=128 nwg=128 kwg=16 mdimc=8 ndimc=16 mma=4 lbuf=2"
CF[H4]="mwg=128 nwg=128 kwg=16 mdimc=8 ndimc=16 mma=4 lbuf=3"
CF[F3]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=3"
t0=$(date +%s)
for k in ${KDIRS:-base nv}; do for c in ${CFGS:-F4 G4}; do for p in 2 3; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  CUDA_CACHE_PATH=/tmp/nvc-$k-$c-$p TXF_KERNEL_PATH=$PWD/exp/$k timeout 60 $A bench matmul --dtype f4 --shape $V --strategy pad $P --param precision=$p --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$k-$c-p$p\",/" >> $OUT/cfg.jsonl
done; done; echo "$k $(( $(date +%s) - t0 )) s"; done
ls -la /tmp/nvc-base-F4-3 ~/.nv 2>&1 | head
for x in ${SASS:-base-F4-3 base-G4-3 base-F4-2}; do
  echo "== $x"; python3 $H/sass.py /tmp/nvc-$x $OUT/sass-$x matmul_even 2>&1 | head -20
done > $OUT/sass.txt
cut -c1-700 $OUT/sass.txt
tar czf $OUT/sass.tgz -C $OUT $(cd $OUT && ls -d sass-*) 2>/dev/null; rm -rf $OUT/sass-*
tail -3 $OUT/err.txt
python3 $H/summ.py $OUT
