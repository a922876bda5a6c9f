# Sourced by run*.sh here (from the checkout's root on the GPU machine, with
# .device-build beside cl/): the environment, $O for the results (tarred
# into $OUT/o.tgz), and
#   run TAG ARGS...   txf bench matmul --strategy auto ARGS as JSON lines in
#                     $O/mm.jsonl, each with the round $R and the set TAG
#                     (kernels from $KP, default cl/; binaries cached per $KP)
#   rnd SEED COUNT    COUNT shapes: m and n log-uniform in 1..32, k in
#                     1e5..1e7
#   rnd_short SEED COUNT  COUNT shapes: one side log-uniform in 1..32, the
#                     other in 64..16384 (either way round), k in 128..16384
#   save              tar $O into $OUT/o.tgz
#   finish            cuBLAS on every f4 and f8 shape of $O/mm.jsonl, then save
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
NEW=$PWD/.device-build
D=$(cd "$(dirname "$0")" && pwd)
KP=${KP:-$PWD/cl}
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
R=1
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
run() { local tag=$1; shift
  env TXF_KERNEL_PATH=$KP TXF_CACHE_DIR=/tmp/cache-$(basename "$KP") LD_LIBRARY_PATH=$NEW/libs:$NEW/lib:$NV \
    timeout 250 $NEW/tools/txf/txf bench matmul --repeat 15 --compare none --format json --strategy auto "$@" |
    sed "s|^{|{\"round\":$R,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  step "$R $tag rc $?"; }
rnd() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    m = round(math.exp(r.uniform(0, math.log(32)))); n = round(math.exp(r.uniform(0, math.log(32))))
    k = round(math.exp(r.uniform(math.log(1e5), math.log(1e7)))); out.append('%dx%dx%d' % (m, n, k))
print(','.join(out))"; }
rnd_short() { python3 -c "
import random, math
r = random.Random($1); out = []
for _ in range($2):
    s = round(math.exp(r.uniform(0, math.log(32)))); l = round(math.exp(r.uniform(math.log(64), math.log(16384))))
    k = round(math.exp(r.uniform(math.log(128), math.log(16384))))
    out.append('%dx%dx%d' % ((s, l, k) if r.random() < 0.5 else (l, s, k)))
print(','.join(out))"; }
save() { (cd /tmp && tar czf $OUT/o.tgz o); }
finish() {
  timeout 250 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
  step "torch rc $?"; save; }
