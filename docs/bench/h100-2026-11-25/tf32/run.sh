#!/usr/bin/env bash
# f32 on the TF32 matrix units (precision 3xtf32 and tf32) against exact f32
# auto and cuBLAS fp32/TF32; the tests of the dressed NVIDIA entry on the
# real device (PTX path); block-set variants. Prints a table (TFLOP/s) last.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/tools/txf/txf; H=docs/bench/h100-2026-11-25/tf32
export LD_LIBRARY_PATH=$PWD/$D/libs:$LD_LIBRARY_PATH
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-tf
S=${S:-4096x4096x4096,8192x8192x8192,4093x4093x4093,2048x2048x2048,3000x5000x700,999x666x777,8191x8193x4097}
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv > $OUT/env.txt 2>&1
$A info --shape 4096x4096x4096 --dtype f4 > $OUT/info.txt 2>&1
timeout 200 $D/tests/test_context > $OUT/test_context.txt 2>&1; echo "test_context rc $? $(( $(date +%s) - t0 )) s"
grep -E "PASSED|FAILED|tf32|dmma" $OUT/test_context.txt | head
for p in 1 2 3; do
  timeout 150 $A bench matmul --dtype f4 --shape $S --strategy auto --param precision=$p --compare none --format json > $OUT/p$p.jsonl 2>>$OUT/err.txt
  echo "p$p $(( $(date +%s) - t0 )) s"; grep -v '"OK"' $OUT/p$p.jsonl | head -2
done
declare -A CF
CF[A4]="mwg=128 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=4"
CF[A3]="mwg=128 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=3 lbuf=4"
CF[B4]="mwg=128 nwg=64 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=4"
CF[C4]="mwg=128 nwg=128 kwg=16 mdimc=16 ndimc=16 mma=4 lbuf=2"
CF[D4]="mwg=128 nwg=128 kwg=8 mdimc=16 ndimc=16 mma=4 lbuf=3"
CF[E4]="mwg=64 nwg=64 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
CF[F4]="mwg=128 nwg=128 kwg=8 mdimc=8 ndimc=16 mma=4 lbuf=4"
V=4096x4096x4096,8192x8192x8192,4093x4093x4093
for c in A3 B4 C4 D4 E4 F4; do
  P=""; for kv in ${CF[$c]}; do P="$P --param $kv"; done
  for p in 2 3; do
    timeout 60 $A bench matmul --dtype f4 --shape $V --strategy pad $P --param precision=$p --compare none --format json 2>>$OUT/err.txt | sed "s/^{/{\"cfg\":\"$c-p$p\",/" >> $OUT/cfg.jsonl
  done
  echo "cfg $c $(( $(date +%s) - t0 )) s"
done
python3 $H/tf_torch.py ${S//,/ } > $OUT/torch.jsonl 2>>$OUT/err.txt
echo "torch $(( $(date +%s) - t0 )) s"
tail -3 $OUT/err.txt
python3 $H/summ.py $OUT
