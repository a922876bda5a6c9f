#!/usr/bin/env bash
# After the 16-byte staging and paired fragment reads: the dressed tests on
# the device (PTX path), exact/3xtf32/tf32 auto on named shapes, block sets,
# PTX resources, cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH PATH=$PATH:/usr/local/cuda/bin
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-r2
S=${S:-4096x4096x4096,8192x8192x8192,4093x4093x4093,2048x2048x2048,3000x5000x700,999x666x777,8191x8193x4097}
t0=$(date +%s)
timeout 200 $D/tests/test_context > $OUT/test_context.txt 2>&1; echo "test_context rc $? $(( $(date +%s) - t0 )) s"
grep -A3 "RUN.*tf32" $OUT/test_context.txt | head -8
for p in 1 2 3; do
  timeout 150 $A bench matmul --dtype f4 --shape $S --strategy auto --param precision=$p --compare none --format json > $OUT/p$p.jsonl 2>>$OUT/err.txt
  echo "p$p $(( $(date +%s) - t0 )) s"; grep -v '"OK"' $OUT/p$p.jsonl | head -2 | cut -c1-600
done
V=4096x4096x4096,8192x8192x8192,4093x4093x4093
declare -A CF
CF[F4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
CF[G4]="mwg=128 nwg=128 kwg=16 mdimc=8 ndimc=16 mma=4 lbuf=2"
CF[H4]="mwg=128 nwg=128 kwg=16 mdimc=8 ndimc=16 mma=4 lbuf=3"
CF[A4]="mwg=128 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=4"
CF[J4]="mwg=64 nwg=128 kwg=8 mdimc=4 ndimc=16 mma=4 lbuf=4"
CF[K4]="mwg=128 nwg=256 kwg=8 mdimc=8 ndimc=32 mma=4 lbuf=3"
CF[N4]="mwg=128 nwg=64 kwg=16 mdimc=8 ndimc=8 mma=4 lbuf=4"
for c in G4 H4 A4 J4 K4 N4; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  for p in 2 3; do
    TXF_CACHE_DIR=/tmp/cache-$c-p$p timeout 60 $A bench matmul --dtype f4 --shape $V --strategy pad $P --param precision=$p --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c-p$p\",/" >> $OUT/cfg.jsonl
  done
  echo "cfg $c $(( $(date +%s) - t0 )) s"
done
mkdir -p $OUT/ptx
python3 $H/ptx.py /tmp/cache-r2 $OUT/ptx PREC= > $OUT/ptx.txt 2>&1
head -30 $OUT/ptx.txt | cut -c1-300
tar czf $OUT/ptx.tgz -C $OUT ptx; rm -rf $OUT/ptx
python3 $H/tf_torch.py ${S//,/ } > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s"
tail -3 $OUT/err.txt
python3 $H/summ.py $OUT
