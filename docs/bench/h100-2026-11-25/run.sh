#!/usr/bin/env bash
# Before/after (ee060df vs HEAD) on the GPU, then a survey of shapes for the next issue.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/env.txt
for round in 1 2; do for v in before after; do
	export TXF_KERNEL_PATH=$PWD/$D/$v-cl TXF_CACHE_DIR=/tmp/cache-$v
	txf=$D/$v-build/examples/txf
	$txf bench transpose --shape 4096x4096,8191x8193,16384x16384,16383x16385 --strategy auto --in-place --format json > $OUT/tr-$v-$round.jsonl 2>>$OUT/err.txt
	$txf bench matmul --shape 4096,8192,4093,8191x8193x4097,999x666x777,1000 --strategy auto --compare none --format json > $OUT/mm-$v-$round.jsonl 2>>$OUT/err.txt
	echo "$v round $round done"
done; done
[ "${1:-}" = ba ] && { python3 $D/summ.py $OUT | sed -n "/before.after/,/survey transpose/p"; exit 0; }
export TXF_KERNEL_PATH=$PWD/$D/after-cl TXF_CACHE_DIR=/tmp/cache-after
txf=$D/after-build/examples/txf
for dt in f4 u1 u2 f8 c16; do
	$txf bench transpose --dtype $dt --shape 3x1000000,1000000x3,16x262144,262144x16,4096x4096,4093x4099 --strategy all --format json >> $OUT/survey-tr.jsonl 2>>$OUT/err.txt
done
$txf bench matmul --shape 3000x5000x700,1000,64x50000x64,64x64x50000,128x4096x4096,4096x128x4096,4096x4096x128 --strategy all --compare none --format json > $OUT/survey-mm.jsonl 2>>$OUT/err.txt
$txf bench matmul --dtype f8 --shape 4096,3000x5000x700 --strategy auto --compare none --format json >> $OUT/survey-mm.jsonl 2>>$OUT/err.txt
python3 $D/survey.py > $OUT/torch.jsonl 2>>$OUT/err.txt
python3 $D/summ.py $OUT
