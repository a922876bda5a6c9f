#!/usr/bin/env bash
# Forced K slices on products with 5 to 32 rows or columns and a K of 512 or
# more (gen.py seeds 7 to 9), f32 and f64, against auto; small K under a
# large C with odd rows: pad against padcopy. cuBLAS after.
set -u
B=${B:-$PWD/exp/gpu/nb}
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-ks
A=$B/tools/txf/txf
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $OUT/progress.txt; }
S=$(python3 - <<'PY'
import subprocess
sh=[]
for seed in (7,8,9):
    for s in subprocess.check_output(['python3','docs/bench/h200-2026-11-29/slices/gen.py',str(seed)]).decode().strip().split(','):
        m,n,k=map(int,s.split('x'))
        if (5<=m<=32 or 5<=n<=32) and k>=512 and max(m,n)>=1024: sh.append(s)
print(','.join(sh[:32]))
PY
)
echo "$S" > $OUT/shapes.txt
for dt in f4 f8; do
	timeout 40 $A bench matmul --dtype $dt --strategy auto --compare none --format json --shape $S 2>>$OUT/err.txt | sed 's/^{/{"ks":0,/' >> $OUT/ks.jsonl; step "$dt auto rc $?"
	for ks in 1 2 4 8 16 32 64; do
		timeout 40 $A bench matmul --dtype $dt --strategy pad --param ksplit=$ks --compare none --format json --shape $S 2>>$OUT/err.txt | sed "s/^{/{\"ks\":$ks,/" >> $OUT/ks.jsonl; step "$dt ks $ks rc $?"
	done
done
K=3479x13182x3,2699x13481x6,1457x5967x2,5001x7777x5,9000x3001x13,4000x4001x21,7001x6003x17,3333x9999x9,10001x4001x24,6000x6003x1,2500x12001x11,8191x8193x7
for st in auto pad padcopy; do
	timeout 40 $A bench matmul --strategy $st --compare none --format json --shape $K 2>>$OUT/err.txt >> $OUT/smallk.jsonl; step "smallk $st rc $?"
done
cat $OUT/ks.jsonl $OUT/smallk.jsonl > $OUT/all.jsonl
timeout 150 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $OUT/all.jsonl > $OUT/torch.jsonl 2>>$OUT/err.txt; step "torch rc $?"
rm $OUT/all.jsonl; gzip $OUT/ks.jsonl $OUT/smallk.jsonl
