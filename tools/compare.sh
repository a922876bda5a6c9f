#!/usr/bin/env bash
# The whole comparison on a GPU machine, in one call, from a release build
# made elsewhere (tools/gpu-build.sh):
#
#   tools/compare.sh BUILD_DIR [OUT_DIR [DEVICE]]
#
# DEVICE is a --device spec (default 0, the GPU). On a CPU device (POCL) the
# shapes are those of the CPU targets and the host BLAS joins the peers; the
# rest is the same. f32 unless noted, every result checked:
#  1. transpose at the target shapes: every strategy, in place, the copy
#     ceiling (clEnqueueCopyBuffer of the same bytes) in the same run, and on
#     a CPU the host BLAS's transpose
#  2. sgemm at the target shapes: auto, pad, padcopy, CLBlast; dgemm beside it
#  3. scaling: transpose 256^2 .. 16384^2 and sgemm 128^3 .. 8192^3, auto and
#     the peers
#  4. cuBLAS and PyTorch's transpose and copy at the same shapes
#     (tools/torch_ref.py), where python3 has torch with CUDA
#  5. the first call in a new process (tools/first-call.sh)
#  6. txf tune, then auto again at the target shapes with the tuning file
# Built-in table: runs 1-3 set TXF_TUNING=0. Results are JSON lines in
# OUT_DIR (*.jsonl); tools/compare_report.py turns them into the tables of
# BENCHMARKS.md (printed last) and the plots of docs/.
set -uo pipefail
build=${1:?usage: tools/compare.sh BUILD_DIR [OUT_DIR [DEVICE]]}
out=${2:-${OUT:-/tmp/txf-compare}}
dev=${3:-0}
mkdir -p "$out"
cd "$(dirname "$0")/.."
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=$out/cache
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && [ -z "${OCL_ICD_FILENAMES:-}" ]; then
	export OCL_ICD_FILENAMES=$nv
	export LD_LIBRARY_PATH=/usr/local/nvidia/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
[ -d "$build/libs" ] && export LD_LIBRARY_PATH=$PWD/$build/libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
txf=$build/tools/txf/txf
log=$out/compare.log
: >"$log"
step() { echo "== $*" | tee -a "$log"; }

{
	date -u +"date: %Y-%m-%d %H:%M UTC"
	echo "command: tools/compare.sh $*"
	echo "commit: ${TXF_COMMIT:-(set TXF_COMMIT to record it)}"
	nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.mem --format=csv,noheader 2>/dev/null || true
	"$txf" info --device "$dev" 2>&1 | sed -n '/^Selected device/,/^$/p'
} >"$out/env.txt"

bench() { # bench NAME ARGS...
	local name=$1
	shift
	step "txf bench $*"
	"$txf" bench "$@" --device "$dev" --format json >"$out/$name.jsonl" 2>>"$log"
	echo "   exit $?, $(wc -l <"$out/$name.jsonl") rows" | tee -a "$log"
}

# The kind of the selected device (txf info first lists every device).
if "$txf" info --device "$dev" 2>/dev/null | sed -n '/^Selected device/,/^$/p' |
	grep -q '^ *kind: *cpu'; then
	tshapes=2048x2048,4093x4099
	mshapes=1024,512,1021,999x666x777
	dshapes=1024
	tscale=64,128,256,512,1024,2048,4096
	mscale=32,64,128,256,512,1024,2048
	peers=clblast,blas
	tpeers=blas
	cpu=1
else
	tshapes=4096x4096,8191x8193,16384x16384,16383x16385
	mshapes=4096,8192,4093,8191x8193x4097,999x666x777,2048,1024
	dshapes=4096,2048
	tscale=256,512,1024,2048,4096,8192,16384
	mscale=128,256,512,1024,2048,4096,8192
	peers=clblast
	tpeers=none
	cpu=0
fi

export TXF_TUNING=0
bench transpose transpose --shape "$tshapes" --in-place --compare "$tpeers"
bench sgemm matmul --shape "$mshapes" --strategy auto,pad,padcopy --compare "$peers"
bench dgemm matmul --dtype f8 --shape "$dshapes" --strategy auto,pad,padcopy --compare "$peers"
bench transpose-scaling transpose --shape "$tscale" --strategy auto --compare "$tpeers"
bench sgemm-scaling matmul --shape "$mscale" --strategy auto --compare "$peers"
unset TXF_TUNING

if [ "$cpu" = 1 ]; then
	step "a CPU device: cuBLAS and PyTorch left out"
elif python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
	step "tools/torch_ref.py"
	python3 tools/torch_ref.py >"$out/torch.jsonl" 2>>"$log"
	python3 tools/torch_ref.py --scaling >"$out/torch-scaling.jsonl" 2>>"$log"
else
	step "no PyTorch with CUDA: cuBLAS left out"
fi

step "tools/first-call.sh"
tools/first-call.sh "$build" >"$out/first-call.txt" 2>&1
cat "$out/first-call.txt" >>"$log"

step "txf tune, then auto with the tuning file"
"$txf" tune --device "$dev" >"$out/tune.txt" 2>&1
bench tuned-transpose transpose --shape "$tshapes" --strategy auto --in-place --compare none
bench tuned-sgemm matmul --shape "$mshapes" --strategy auto --compare none

rm -rf "$out/cache/programs"
python3 tools/compare_report.py "$out"
