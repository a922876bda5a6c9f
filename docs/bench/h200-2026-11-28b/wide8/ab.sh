#!/usr/bin/env bash
# 8- and 16-byte transposes on the H200 (2026-11-28): the tree before (64 x 4
# tiles for f64, two runs of 32 for 16-byte elements; .device-build-before)
# and this one (tiles and runs within 24 KiB of local memory;
# .device-build-nb) in turn, two rounds, auto. OUT: the output folder.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
bench() { # tree args...
	local B=$PWD/.device-build-$1 tag=$1; shift
	LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_CACHE_DIR=/tmp/cache-$tag timeout 40 $B/tools/txf/txf bench transpose --strategy auto --compare none --format json "$@" | sed "s/^{/{\"tag\":\"$tag\",/" >> $OUT/ab.jsonl 2>>$OUT/err.txt
	step "$tag $* rc $?"
}
for round in 1 2; do
	for t in before nb; do
		bench $t --dtype f8 --shape 3788x6522,5964x7180,8192x8192,8191x8193,4390x8813,2401x1027
		bench $t --dtype f8 --sweep 12 --seed 12 --sweep-range 1024:8192
		bench $t --dtype c16 --shape 8191x8193,15749x1994,2137x9022,5964x7180,4096x4096
	done
done
gzip $OUT/ab.jsonl
