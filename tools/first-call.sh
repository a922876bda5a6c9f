#!/usr/bin/env bash
# The latency of a new process's first transpose and sgemm, with an empty
# binary cache (cold) and then with the programs it stored (warm):
#
#   tools/first-call.sh BUILD_DIR [WARM_RUNS]
#
# Runs BUILD_DIR/examples/first_call (see examples/first_call.c) on a fresh
# TXF_CACHE_DIR once cold, WARM_RUNS times (default 3) warm, and once more
# with the binary cache off (TXF_BINARY_CACHE=0) and once warm with the
# driver's kernel cache off, then prints a table. The
# driver's own kernel caches (POCL's, NVIDIA's) are pointed at the same
# fresh directory, so the cold run compiles everything and the later runs
# see what a user's second process sees. "process" is the wall time of the
# whole process; the other columns are measured inside it, from before
# txf_context_create.
set -euo pipefail
build=${1:?usage: tools/first-call.sh BUILD_DIR [WARM_RUNS]}
warm=${2:-3}
exe=$build/examples/first_call
[ -x "$exe" ] || {
	echo "no $exe: build the examples first (ninja -C $build)" >&2
	exit 2
}
tmp=$(mktemp -d /tmp/txf-first-call-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export TXF_CACHE_DIR=$tmp/txf POCL_CACHE_DIR=$tmp/pocl CUDA_CACHE_PATH=$tmp/nv
unset TXF_BINARY_CACHE

field() { # field NAME LINE
	sed -n "s/.*\<$1=\([^ ]*\).*/\1/p" <<<"$2"
}

printf '%-22s %10s %10s %12s %10s %10s %6s %6s %6s\n' run process_ms context_ms \
	transpose_ms sgemm_ms total_ms built loaded stored
one() { # one LABEL [ENV...]
	local label=$1 start end line
	shift
	start=$(date +%s%N)
	line=$(env "$@" "$exe")
	end=$(date +%s%N)
	case "$line" in
	*correct) ;;
	*)
		echo "$label: $line" >&2
		exit 1
		;;
	esac
	printf '%-22s %10s %10s %12s %10s %10s %6s %6s %6s\n' "$label" \
		"$(((end - start) / 1000000))" "$(field context_ms "$line")" \
		"$(field transpose_ms "$line")" "$(field sgemm_ms "$line")" \
		"$(field total_ms "$line")" "$(field built "$line")" "$(field loaded "$line")" \
		"$(field stored "$line")"
}

one cold
for i in $(seq 1 "$warm"); do
	one "warm $i"
done
one "cache off" TXF_BINARY_CACHE=0
# Warm binary cache, empty driver caches: what the binary cache alone saves.
one "warm, no driver cache" POCL_CACHE_DIR="$tmp/pocl-empty" POCL_KERNEL_CACHE=0 \
	CUDA_CACHE_PATH="$tmp/nv-empty" CUDA_CACHE_DISABLE=1
echo "device: $("$build/tools/txf/txf" info 2>/dev/null | sed -n 's/^Selected device: //p')"
