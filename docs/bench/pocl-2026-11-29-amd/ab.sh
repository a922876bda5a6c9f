#!/usr/bin/env bash
# ab.sh OLD NEW OUT: the parent (OLD) and this tree (NEW), each a checkout
# with a release build in rel/ and tt (../h200-2026-11-28c/tt.c, -DFASTEST)
# built against it, in turn per
# shape, two rounds: 16 shapes of 1- to 8-byte elements, most with rows
# 1 to 4 KiB apart (ab.jsonl); small and shifted ones three times each
# (more.jsonl); then the 50-shape transpose surface of
# ../pocl-2026-11-28-amd/ab.sh (surf/tr.jsonl).
# cc -O2 -DFASTEST ../h200-2026-11-28c/tt.c -I$T/include -I$T/rel/include -L$T/rel/lib -ltiledxform -lOpenCL -Wl,-rpath,$T/rel/lib -o $T/tt
set -u
OLD=$1 NEW=$2 O=$3
export TXF_TUNING=0 POCL_AFFINITY=1
tt() { TXF_KERNEL_PATH=$1/cl $1/tt "${@:3}" | sed "s/^{/{\"tree\":\"$2\",/"; }
shapes="512x512 1024x1024 2048x2048 4096x4096 4096x1024 1024x4096 8192x512 512x8192 3072x3072 4096x4160 4160x4096 2048x3000 3000x2048 4093x4099 1000x1000 2112x2112"
for round in 1 2; do
	for e in 1 2 4 8; do
		for sh in $shapes; do
			tt "$OLD" old $e ${sh%x*} ${sh#*x} 10 | sed "s/^{/{\"round\":$round,/"
			tt "$NEW" new $e ${sh%x*} ${sh#*x} 10 | sed "s/^{/{\"round\":$round,/"
		done
	done
done >"$O/ab.jsonl"
for sh in "1 512 512" "1 512 256" "1 512 1000" "1 1024 256" "2 1024 200" "2 2048 100" \
	"4 512 200" "4 1024 100" "8 512 100" "1 1000 4096" "1 3000 2048" "1 1500 4096" \
	"2 1000 2048" "2 3000 2048" "2 1500 4096" "2 512 512" "2 1024 1024" "4 2048 2048"; do
	for i in 1 2 3; do
		tt "$OLD" old $sh 30
		tt "$NEW" new $sh 30
	done
done >"$O/more.jsonl"
mkdir -p "$O/surf"
PRODUCTS=0 bash "$(dirname "$0")/../pocl-2026-11-28-amd/ab.sh" "$OLD/rel/tools/txf/txf" "$OLD/cl" "$NEW/rel/tools/txf/txf" "$NEW/cl" 2 "$O/surf"
