#!/usr/bin/env bash
# 8- and 16-byte transposes on the H200 (2026-11-28): auto against forced
# tiles (smaller local tiles, more work-groups per multiprocessor) on shapes
# of 2^22 elements or more, output rows on and off 32-byte sectors, two
# rounds. Release build in .device-build-nb; OUT: the output folder.
set -u
B=$PWD/.device-build-nb
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_CACHE_DIR=/tmp/cache-w8
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
F8=3788x6522,5964x7180,5512x6680,8192x8192,8191x8193,4390x8813,15749x1994,2401x1027
C16=16383x16385,8191x8193,15749x1994,2137x9022,5964x7180,4096x4096,4390x8813
run() { # tag dtype shapes strategy args...
	local tag=$1 dt=$2 sh=$3 st=$4; shift 4
	timeout 90 $B/tools/txf/txf bench transpose --dtype $dt --shape $sh --strategy $st --compare none --format json --repeat 10 "$@" | sed "s/^{/{\"tag\":\"$tag\",/" >> $OUT/tv.jsonl 2>>$OUT/err.txt
	step "$tag $dt rc $?"
}
for round in 1 2; do
	run auto f8 $F8 auto
	run t32r8 f8 $F8 pad --param tile=32 --param wg_rows=8
	run t32r4 f8 $F8 pad --param tile=32 --param wg_rows=4
	run t16r16 f8 $F8 pad --param tile=16 --param wg_rows=16
	run t64r4s2 f8 $F8 pad --param tile=64 --param wg_rows=4 --param segments=2
	run auto c16 $C16 auto
	run t16r16 c16 $C16 pad --param tile=16 --param wg_rows=16
	run t32r4 c16 $C16 pad --param tile=32 --param wg_rows=4
	run t32r8s1 c16 $C16 pad --param tile=32 --param wg_rows=8 --param segments=1
	run t16r8 c16 $C16 pad --param tile=16 --param wg_rows=8
done
gzip $OUT/tv.jsonl
