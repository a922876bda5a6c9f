#!/usr/bin/env bash
export TXF_KERNEL_PATH=/work/main/cl TXF_TUNING=0 POCL_AFFINITY=1 TXF_BINARY_CACHE=0
# Forced variants of this tree's kernel on 12 shapes, three rounds: the
# kernel as chosen, STREAM_STAGE, STREAM_DOWN=8 and both, through
# POCL_EXTRA_BUILD_FLAGS (the binary cache off); TXF_X_LINES (lines.patch)
# gives work-items 16 tiles of rows. The third round ran the committed form
# of the grouped stores (tiles transposed in a loop, not unrolled).
tt(){ XCLOPT="$POCL_EXTRA_BUILD_FLAGS L$TXF_X_LINES" /work/main/exp/tt "$@"; }
for round in 1 2 3; do
for sh in "1 1024 1024" "1 2048 2048" "1 4096 4096" "1 4096 1024" "1 1024 4096" "1 3000 2048" "1 2048 3000" "2 1024 1024" "2 2048 2048" "2 4096 4096" "2 2048 1024" "2 512 2048"; do
 POCL_EXTRA_BUILD_FLAGS="" tt $sh 10
 POCL_EXTRA_BUILD_FLAGS="-DSTREAM_STAGE=1" tt $sh 10
 TXF_X_LINES=16 POCL_EXTRA_BUILD_FLAGS="-DSTREAM_DOWN=8" tt $sh 10
 TXF_X_LINES=16 POCL_EXTRA_BUILD_FLAGS="-DSTREAM_STAGE=1 -DSTREAM_DOWN=8" tt $sh 10
done; done
