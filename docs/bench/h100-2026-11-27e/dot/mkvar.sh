#!/usr/bin/env bash
# u1/ and u4/ for run5.sh: the tree's cl/ with DOT_UNROLL's default 1 and 4.
set -eu
D=$(cd "$(dirname "$0")" && pwd)
for u in 1 4; do
	rm -rf "$D/u$u" && mkdir "$D/u$u" && cp "$D"/../../../../cl/*.cl "$D/u$u/"
	sed -i "s/^#define DOT_UNROLL 2$/#define DOT_UNROLL $u/" "$D/u$u/matmul.cl"
done
