#!/usr/bin/env bash
# POCL, one process per run, alternating: the kernels before and after they
# stopped declaring work-group shapes on POCL (cl/ of fb8a02c against this
# tree's), and f4 against f2 and bf16 matmul: auto (operands widened to f4
# first) and padcopy (whose packs read them).
# Usage: run.sh BUILD OUT (BUILD: a release build, tools/gpu-build.sh).
set -u
B=$1; out=$2; A=$B/tools/txf/txf
here=$(cd "$(dirname "$0")" && pwd); top=$(cd "$here/../../../.." && pwd)
old=$(mktemp -d); git -C "$top" archive fb8a02c cl | tar -x -C "$old"
export TXF_TUNING=0 TXF_CACHE_DIR=$(mktemp -d)
mkdir -p "$out"
for round in 1 2; do
  for kp in "$old/cl" "$top/cl"; do
    tag=$([ "$kp" = "$old/cl" ] && echo reqd || echo noreqd)
    TXF_KERNEL_PATH=$kp $A bench transpose --dtype f4 --shape 2048x2048,4093x4099 --strategy auto --compare none --format json --repeat 10 > "$out/tr-$tag-$round.jsonl"
    TXF_KERNEL_PATH=$kp $A bench matmul --dtype f4 --shape 1024x1024x1024,999x666x777,256x256x256 --strategy auto --compare none --format json --repeat 10 > "$out/mm-$tag-$round.jsonl"
  done
  for t in f4 f2 bf16; do
    TXF_KERNEL_PATH=$top/cl $A bench matmul --dtype $t --shape 1024x1024x1024,999x666x777,256x256x256,2048x2048x256 --strategy auto --compare none --format json --repeat 10 > "$out/half-$t-$round.jsonl"
    TXF_KERNEL_PATH=$top/cl $A bench matmul --dtype $t --shape 1024x1024x1024,999x666x777,2048x2048x256 --strategy padcopy --compare none --format json --repeat 10 > "$out/padcopy-$t-$round.jsonl"
  done
done
rm -rf "$old"
