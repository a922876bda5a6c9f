#!/usr/bin/env bash
# Issue 22 before/after (ee060df vs api HEAD) and the skinny transpose survey.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/env.txt
B=$D/before-build/examples/txf; A=$D/after-build/tools/txf/txf
for round in 1 2; do for v in before after; do
	export TXF_KERNEL_PATH=$PWD/$D/$v-cl TXF_CACHE_DIR=/tmp/cache-$v
	txf=$B; [ $v = after ] && txf=$A
	$txf bench transpose --shape 4096x4096,8191x8193,16384x16384,16383x16385 --strategy auto --in-place --format json > $OUT/tr-$v-$round.jsonl 2>>$OUT/err.txt
	$txf bench matmul --shape 4096,8192,4093,8191x8193x4097,999x666x777,1000 --strategy auto --compare none --format json > $OUT/mm-$v-$round.jsonl 2>>$OUT/err.txt
	echo "$v round $round done"
done; done
export TXF_KERNEL_PATH=$PWD/$D/after-cl TXF_CACHE_DIR=/tmp/cache-after
for dt in f4 u1 u2 f8 c16; do
	$A bench transpose --dtype $dt --shape 3x1000000,1000000x3,16x262144,262144x16,32x131072,131072x32,8x524288,524288x8,1x4194304,4194304x1,24x174763,2x2097152 --strategy pad,truncate,auto --format json >> $OUT/survey-tr.jsonl 2>>$OUT/err.txt
	echo "survey $dt done"
done
for wg in "32 4" "32 16" "32 32" "64 8"; do set -- $wg
	$A bench transpose --dtype f4 --shape 3x1000000,1000000x3,16x262144,262144x16,32x131072,131072x32 --strategy pad --param skinny=1 --param tile=$1 --param wg_rows=$2 --format json >> $OUT/survey-wg.jsonl 2>>$OUT/err.txt
done
for dt in u1 u2; do
	$A bench transpose --dtype $dt --shape 4096x4096,4093x4099,8191x8193,16384x16384,1000x100000 --strategy pad,truncate,split,auto --format json >> $OUT/survey-tr.jsonl 2>>$OUT/err.txt
	for wg in "8 8" "16 4" "16 8" "16 16" "32 8"; do set -- $wg
		$A bench transpose --dtype $dt --shape 4096x4096,4093x4099,16384x16384 --strategy pad --param packed=1 --param tile=$1 --param wg_rows=$2 --format json >> $OUT/survey-wg.jsonl 2>>$OUT/err.txt
	done
done
echo "wg done"
python3 $D/survey.py > $OUT/torch.jsonl 2>>$OUT/err.txt
python3 $D/summ.py $OUT
