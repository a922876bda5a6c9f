#!/usr/bin/env bash
# A C of one row or one column whose vector operand the library now reads
# along K (a K x 1 B or a 1 x K A stored with unit stride), this tree against
# 55dc208 (built as exp/prevdev with its kernels in exp/prev/cl), f32 and
# f64, two rounds, each build in turn; two named shapes as controls; cuBLAS
# (PyTorch, TF32 off) on every shape in the same call. Run from the
# checkout's root with .device-build (tools/gpu-build.sh) beside cl/.
. "$(dirname "$0")/common.sh"
S=4096x1x4096,16384x1x16384,1x4096x4096,1x16384x16384,8192x1x512,1x8192x512,20x1x961,1x20x961
S=$S,3000x1x50,1x3000x50,1x1x1000000,1x1x100000,100000x1x64,1x100000x64,46x1x340,1x46x340
S=$S,65536x1x1024,1x65536x1024,4096x4096x4096,999x666x777
inturn "f4 $S" "f8 $S"
finish
