#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/after-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/$D/after-cl TXF_CACHE_DIR=/tmp/cache-after
for dt in f4 u1 u2 f8 c16; do
	$A bench transpose --sweep 40 --sweep-range 256:16384 --dtype $dt --strategy auto --format json > $OUT/sw-tr-$dt.jsonl 2>>$OUT/err.txt
	echo "transpose $dt done"
done
$A bench transpose --dtype u1 --shape 4096x4096,16384x16384,4093x4099,8192x1024 --strategy auto --format json > $OUT/packed.jsonl 2>>$OUT/err.txt
$A bench transpose --dtype u2 --shape 4096x4096,16384x16384,4093x4099,8192x1024 --strategy auto --format json >> $OUT/packed.jsonl 2>>$OUT/err.txt
$A bench matmul --sweep 30 --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/sw-mm.jsonl 2>>$OUT/err.txt
echo "matmul done"
python3 $D/sweep_torch.py $OUT/sw-mm.jsonl > $OUT/sw-torch.jsonl 2>>$OUT/err.txt
python3 $D/sweep_summ.py $OUT
