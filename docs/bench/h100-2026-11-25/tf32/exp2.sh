#!/usr/bin/env bash
# Larger blocks for the TF32 kernels (8 warps of 64 x 64), pad and padcopy,
# on 4096^3 and 8192^3; SASS of the 128 x 128 kernel.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH PATH=$PATH:/usr/local/cuda/bin TXF_BINARY_CACHE=0 TXF_KERNEL_PATH=$PWD/cl
V=${V:-4096x4096x4096,8192x8192x8192}
declare -A CF
CF[F4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
CF[K3]="mwg=128 nwg=256 kwg=8 mdimc=8 ndimc=32 mma=4 lbuf=3"
CF[K4]="mwg=128 nwg=256 kwg=8 mdimc=8 ndimc=32 mma=4 lbuf=4"
CF[L3]="mwg=256 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=3"
CF[L4]="mwg=256 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=4"
CF[KG]="mwg=128 nwg=256 kwg=16 mdimc=8 ndimc=32 mma=4 lbuf=2"
CF[LG]="mwg=256 nwg=128 kwg=16 mdimc=16 ndimc=16 mma=4 lbuf=2"
t0=$(date +%s)
for c in ${CFGS:-F4 K3 K4 L3 L4 KG LG}; do for st in pad padcopy; do for p in 2 3; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  CUDA_CACHE_PATH=/tmp/nvc-$c-$st-$p timeout 60 $A bench matmul --dtype f4 --shape $V --strategy $st $P --param precision=$p --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c-$st-p$p\",/" >> $OUT/cfg.jsonl
done; done; echo "$c $(( $(date +%s) - t0 )) s"; done
for x in ${SASS:-F4-padcopy-3 F4-pad-3}; do
  echo "== $x"; python3 $H/sass.py /tmp/nvc-$x $OUT/sass-$x matmul_even 2>&1 | head -20
done > $OUT/sass.txt
cut -c1-900 $OUT/sass.txt
tar czf $OUT/sass.tgz -C $OUT $(cd $OUT && ls -d sass-*) 2>/dev/null; rm -rf $OUT/sass-*
tail -3 $OUT/err.txt
python3 $H/summ.py $OUT
