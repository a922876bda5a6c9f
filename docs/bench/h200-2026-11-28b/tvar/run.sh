#!/usr/bin/env bash
# Transpose variants on the H200 (2026-11-28): f4, u1 and u2 shapes of 2^22
# elements or more where auto ran under 0.9 of copy (surface/call1), each
# kernel parameter forced in turn, then PyTorch's transpose and copy of the
# same shapes. Release build in B; OUT: the output folder.
set -u
B=${B:-$PWD/.device-build-nb}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export LD_LIBRARY_PATH=$B/lib:$B/libs:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-tvar
A=$B/tools/txf/txf
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
F4=4096x4096,8191x8193,16383x16385,5964x7180,4390x8813,15749x1994,2401x1027,3927x863
U1=4096x4096,8191x8193,16383x16385,5964x7180,6791x8208,4390x8813,3921x3883,1202x10910
U2=8191x8193,16383x16385,7226x5111,4390x8813,15749x1994
run() { # tag dtype shapes args...
	local tag=$1 dt=$2 sh=$3; shift 3
	timeout 60 $A bench transpose --dtype $dt --shape $sh --strategy ${S:-pad} --compare none --format json --repeat 10 "$@" | sed "s/^{/{\"tag\":\"$tag\",/" >> $OUT/tv.jsonl 2>>$OUT/err.txt
	step "$tag $dt rc $?"
}
for round in 1 2; do
S=auto run auto f4 $F4
run w1 f4 $F4 --param width=-1
run w256 f4 $F4 --param width=256
run s2 f4 $F4 --param segments=2
run s2w256 f4 $F4 --param segments=2 --param width=256
run nohint f4 $F4 --param cache_hints=-1
run plain64x4 f4 $F4 --param segments=-1
run plain64x8 f4 $F4 --param segments=-1 --param tile=64 --param wg_rows=8
run plain64x16 f4 $F4 --param segments=-1 --param tile=64 --param wg_rows=16
run plain32x8 f4 $F4 --param segments=-1 --param tile=32 --param wg_rows=8
run w32x8 f4 $F4 --param tile=32 --param wg_rows=8
run w64x8 f4 $F4 --param tile=64 --param wg_rows=8
S=auto run auto u1 $U1
run p1 u1 $U1 --param packed=1
run p2t64 u1 $U1 --param packed=2 --param tile=64 --param wg_rows=4
run p2t128r4 u1 $U1 --param packed=2 --param tile=128 --param wg_rows=4
run p2t128r8 u1 $U1 --param packed=2 --param tile=128 --param wg_rows=8
run pm1 u1 $U1 --param packed=-1
S=auto run auto u2 $U2
run p1 u2 $U2 --param packed=1
run p2 u2 $U2 --param packed=2
run p2t64r8 u2 $U2 --param packed=2 --param tile=64 --param wg_rows=8
run pm1 u2 $U2 --param packed=-1
done
timeout 120 python3 docs/bench/h200-2026-11-28b/tvar/torch_t.py $OUT/tv.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
gzip $OUT/tv.jsonl
