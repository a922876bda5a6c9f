#!/usr/bin/env bash
# f32 products with a K of 65 to 256 under a C of 2^22 to 2^26 elements whose
# rows are off 16-byte boundaries (n not a multiple of 4; seed 14, 16
# products): auto against the shallow odd-row blocks (64 x 64 x 8, 16 x 16
# work-items) with pad and padcopy, and padcopy with the model's blocks.
set -u
B=${B:-$PWD/exp/gpu/new3}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-mid
A=$B/tools/txf/txf
S=$(python3 - <<'PY'
import math, random
r = random.Random(14)
def lu(lo, hi): return int(round(math.exp(r.uniform(math.log(lo), math.log(hi)))))
out = []
while len(out) < 16:
    m, n, k = lu(1000, 16000), lu(1000, 16000), lu(65, 256)
    if n % 4 == 0 or not (2**22 <= m * n <= 2**26): continue
    out.append(f"{m}x{n}x{k}")
print(",".join(out))
PY
)
SET="--param mwg=64 --param nwg=64 --param kwg=8 --param mdimc=16 --param ndimc=16 --param vwa=2 --param vwb=2"
for round in 1 2; do
	for v in "auto|--strategy auto" "odd-pad|--strategy pad $SET" "odd-padcopy|--strategy padcopy $SET" "padcopy|--strategy padcopy"; do
		name=${v%%|*}; args=${v#*|}
		timeout 60 $A bench matmul $args --compare none --format json --shape $S 2>>$OUT/err.txt | sed "s/^{/{\"variant\":\"$name\",\"round\":$round,/" >> $OUT/mid.jsonl
		echo "$round $name rc $?" >> $OUT/progress.txt
	done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/mid.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt
gzip $OUT/mid.jsonl
