#!/usr/bin/env bash
# Registers, spills and SASS of the TF32 kernels (ptxas -v, cuobjdump), and
# more block sets for 3xtf32 and tf32 on three shapes.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH PATH=$PATH:/usr/local/cuda/bin
export TXF_KERNEL_PATH=$PWD/cl
t0=$(date +%s)
V=${V:-4096x4096x4096,8192x8192x8192,4093x4093x4093}
declare -A CF
CF[F4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
CF[G4]="mwg=128 nwg=128 kwg=16 mdimc=8 ndimc=16 mma=4 lbuf=2"
CF[I4]="mwg=128 nwg=64 kwg=8 mdimc=4 ndimc=16 mma=4 lbuf=4"
CF[J4]="mwg=64 nwg=128 kwg=8 mdimc=4 ndimc=16 mma=4 lbuf=4"
CF[K4]="mwg=128 nwg=256 kwg=8 mdimc=8 ndimc=32 mma=4 lbuf=3"
CF[L4]="mwg=256 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=3"
CF[M4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=2"
for c in ${CFGS:-F4 G4 I4 J4 K4 L4 M4}; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  for p in 2 3; do
    TXF_CACHE_DIR=/tmp/cache-$c-p$p timeout 60 $A bench matmul --dtype f4 --shape $V --strategy pad $P --param precision=$p --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c-p$p\",/" >> $OUT/cfg.jsonl
  done
  echo "cfg $c $(( $(date +%s) - t0 )) s"
done
mkdir -p $OUT/ptx
for c in ${PTXCFGS:-F4}; do for p in 2 3; do
  echo "== $c p$p"; python3 $H/ptx.py /tmp/cache-$c-p$p $OUT/ptx PREC=$p 2>&1 | head -12
done; done > $OUT/ptx.txt
cat $OUT/ptx.txt | cut -c1-400
ls $OUT/ptx | head; tar czf $OUT/ptx.tgz -C $OUT ptx; rm -rf $OUT/ptx
python3 $H/summ.py $OUT
