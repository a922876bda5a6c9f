#!/usr/bin/env bash
# f32 products with a K of 25 to 128 under a C of 2^22 to 2^26 elements whose
# rows are on 16-byte boundaries (seed 15, 16 products): auto against the
# shallow blocks (64 x 64 x 4), 64 x 64 x 16 with pad and padcopy, and pad
# with the cost model's blocks.
set -u
B=${B:-$PWD/exp/gpu/new3}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-mid2
A=$B/tools/txf/txf
S=$(python3 - <<'PY'
import math, random
r = random.Random(15)
def lu(lo, hi): return int(round(math.exp(r.uniform(math.log(lo), math.log(hi)))))
out = []
while len(out) < 16:
    m, n, k = lu(1000, 16000), lu(1000, 16000), lu(25, 128)
    if n % 4 or not (2**22 <= m * n <= 2**26): continue
    out.append(f"{m}x{n}x{k}")
print(",".join(out))
PY
)
SET="--param mwg=64 --param nwg=64 --param kwg=4 --param mdimc=16 --param ndimc=16 --param vwa=1 --param vwb=1"
SET2="--param mwg=64 --param nwg=64 --param kwg=16 --param mdimc=16 --param ndimc=16 --param vwa=4 --param vwb=4"
for round in 1 2; do
	for v in "auto|--strategy auto" "shallow-pad|--strategy pad $SET" "s64-pad|--strategy pad $SET2" "s64-padcopy|--strategy padcopy $SET2" "pad|--strategy pad"; do
		name=${v%%|*}; args=${v#*|}
		timeout 60 $A bench matmul $args --compare none --format json --shape $S 2>>$OUT/err.txt | sed "s/^{/{\"variant\":\"$name\",\"round\":$round,/" >> $OUT/mid2.jsonl
		echo "$round $name rc $?" >> $OUT/progress.txt
	done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mid2.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
gzip $OUT/mid2.jsonl
