#!/usr/bin/env bash
# sgemm.sh OUT0 OUT1: ../../pocl-2026-11-27-intel/sgemm/run.sh (94 products, auto and OpenBLAS)
# for the tree before (ab81f53 in /tmp/wt0, release build /tmp/wt0/rel) and this one (exp/rel)
# in turn, POCL's worker threads pinned. From the checkout's root.
set -u
R=$PWD/docs/bench/pocl-2026-11-27-intel/sgemm/run.sh
export POCL_AFFINITY=${POCL_AFFINITY:-1}
for r in ${ROUNDS:-1 2}; do
  (cd /tmp/wt0 && ROUNDS=$r bash $R /tmp/wt0/rel "$1")
  ROUNDS=$r bash $R exp/rel "$2"
done
