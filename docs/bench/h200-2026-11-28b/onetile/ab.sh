#!/usr/bin/env bash
# f32 transposes on the H200 (2026-11-28): the tree before (wide kernel with
# cache hints for f32 runs, release build in .device-build-before) and this
# tree (runs one tile wide, .device-build-nb) in turn, three rounds, auto:
# sweeps of seeds 9 (1024 to 16384 per side), 10 (256 to 8192) and 11 (256
# to 16384), 20 shapes each, and named shapes; then 1- and 2-byte chunked
# kernel variants, one round. OUT: the output folder.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
J="--compare none --format json"
NAMED=4096x4096,8191x8193,16384x16384,16383x16385,3x1000000,1000000x3,2401x1027,3927x863,381x7844,978x3472
bench() { # tree tag args...
	local B=$PWD/$1 tag=$2; shift 2
	LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_CACHE_DIR=/tmp/cache-$1 timeout 60 $B/tools/txf/txf bench transpose "$@" $J | sed "s/^{/{\"tag\":\"$tag\",/" >> $OUT/ab.jsonl 2>>$OUT/err.txt
	step "$tag $* rc $?"
}
for round in 1 2 3; do
	for t in before nb; do
		bench .device-build-$t $t --strategy auto --sweep 20 --seed 9 --sweep-range 1024:16384
		bench .device-build-$t $t --strategy auto --sweep 20 --seed 10 --sweep-range 256:8192
		bench .device-build-$t $t --strategy auto --sweep 20 --seed 11 --sweep-range 256:16384
		bench .device-build-$t $t --strategy auto --shape $NAMED
	done
done
U=8191x8193,16383x16385,7226x5111,4390x8813,15749x1994
for dt in u1 u2; do
	bench .device-build-nb v-auto --strategy auto --dtype $dt --shape $U
	bench .device-build-nb v-t64r2 --strategy pad --dtype $dt --shape $U --param packed=2 --param tile=64 --param wg_rows=2
	bench .device-build-nb v-t32r8 --strategy pad --dtype $dt --shape $U --param packed=2 --param tile=32 --param wg_rows=8
	bench .device-build-nb v-t128r1 --strategy pad --dtype $dt --shape $U --param packed=2 --param tile=128 --param wg_rows=1
done
gzip $OUT/ab.jsonl
