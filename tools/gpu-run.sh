#!/usr/bin/env bash
# Run libtiledxform's checks and measurements on a machine with a GPU, in one
# go, from a release build made elsewhere (tools/gpu-build.sh):
#
#   tools/gpu-run.sh BUILD_DIR [OUT_DIR]
#
# 1. the OpenCL devices and what `auto` picks (txf info)
# 2. the first call in a new process, cold and warm caches (tools/first-call.sh)
# 3. txf demo on every device (every strategy, checked against the host)
# 4. the test executables on the default device (the GPU when there is one);
#    TESTS="test_a test_b" runs only those
# 5. txf tune on every device in TUNE_DEVICES (default none; TUNE_ARGS adds
#    options), with the tuning files in OUT_DIR/cache
# 6. txf bench on every device (or those in BENCH_DEVICES), when the build has
#    it, with a plot of each (OUT_DIR/bench-OP-DEVICE.png)
# A summary table comes last. NVIDIA's OpenCL library is registered with
# OCL_ICD_FILENAMES when it is present but not installed as an ICD.
set -uo pipefail
build=${1:?usage: tools/gpu-run.sh BUILD_DIR [OUT_DIR]}
out=${2:-${OUT:-/tmp/txf-gpu-run}}
mkdir -p "$out"
cd "$(dirname "$0")/.."
export TXF_KERNEL_PATH=$PWD/cl
nv=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -e "$nv" ] && [ -z "${OCL_ICD_FILENAMES:-}" ]; then
	pocl=$(ls /etc/OpenCL/vendors/*pocl*.icd 2>/dev/null | head -n 1)
	export OCL_ICD_FILENAMES=$nv${pocl:+:$(cat "$pocl")}
	export LD_LIBRARY_PATH=/usr/local/nvidia/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
[ -d "$build/libs" ] && export LD_LIBRARY_PATH=$PWD/$build/libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
txf=$build/tools/txf/txf
summary=$out/summary.txt
: >"$summary"
note() { echo "$*" | tee -a "$summary"; }

(clinfo -l || true) 2>&1 | tee "$out/clinfo.txt"
"$txf" info --shape 8191x8193 >"$out/info.txt" 2>&1
note "info: exit $?"

tools/first-call.sh "$build" >"$out/first-call.txt" 2>&1
note "first-call: exit $?"
sed 's/^/    /' "$out/first-call.txt" | tee -a "$summary"

ndev=$("$txf" info 2>/dev/null | grep -cE '^ *\[[0-9]+\]')
[ "$ndev" -gt 0 ] || ndev=1
for ((d = 0; d < ndev; d++)); do
	"$txf" demo --device "$d" >"$out/demo-$d.txt" 2>&1
	note "demo device $d: exit $? ($(grep -m1 '^device' "$out/demo-$d.txt" | cut -c1-70))"
done

for t in "$build"/tests/test_*; do
	[ -f "$t" ] && [ -x "$t" ] || continue
	name=$(basename "$t")
	[ -z "${TESTS:-}" ] || [[ " $TESTS " == *" $name "* ]] || continue
	args=()
	[ "$name" = test_cli ] && args=("$txf")
	start=$(date +%s)
	timeout 240 "$t" "${args[@]}" >"$out/$name.txt" 2>&1
	rc=$?
	note "$name: exit $rc, $(($(date +%s) - start)) s, $(grep -cE '^\[ +OK +\]' "$out/$name.txt") ok, $(grep -cE '^\[ +FAILED +\]' "$out/$name.txt") failed"
done

export TXF_CACHE_DIR=$out/cache
for d in ${TUNE_DEVICES:-}; do
	start=$(date +%s)
	"$txf" tune --device "$d" ${TUNE_ARGS:-} >"$out/tune-$d.txt" 2>"$out/tune-$d.err"
	note "tune device $d: exit $?, $(($(date +%s) - start)) s"
	for shape in 4096x4096 8191x8193 999x666x777 4096x4096x4096 4093x4093x4093; do
		"$txf" info --device "$d" --shape "$shape" | sed -n '/^auto/,$p' >>"$out/tune-$d.txt"
	done
done

if "$txf" bench --help >/dev/null 2>&1; then
	for d in ${BENCH_DEVICES:-$(seq 0 $((ndev - 1)))}; do
		for op in ${BENCH_OPS:-transpose matmul}; do
			extra=()
			[ "$op" = transpose ] && extra=(--in-place)
			"$txf" bench "$op" --device "$d" ${BENCH_ARGS:-} "${extra[@]}" --format json \
				--plot "$out/bench-$op-$d.png" \
				>"$out/bench-$op-$d.jsonl" 2>"$out/bench-$op-$d.err"
			note "bench $op device $d: exit $?"
		done
	done
fi
echo "== summary"
cat "$summary"
for f in "$out"/demo-*.txt; do echo "== $f"; cat "$f"; done
