#!/usr/bin/env bash
# Make a release build in DIR (default .device-build) that runs on another
# x86-64 Linux machine: the library, txf and the test executables, with the
# cmocka shared library copied beside them (DIR/libs).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-.device-build}
[ -f "$dir/build.ninja" ] || meson setup "$dir" --buildtype=release -Dtests=true >/dev/null
ninja -C "$dir"
mkdir -p "$dir/libs"
cp -L "$(ldconfig -p | awk '/libcmocka.so.0 / {print $NF; exit}')" "$dir/libs/"
# Peers that txf may link for comparison (CLBlast, a host BLAS) and their
# runtime libraries, which the other machine may lack.
ldd "$dir/tools/txf/txf" | awk '/clblast|blas|lapack|gfortran|quadmath/ {print $3}' |
	while read -r lib; do cp -L "$lib" "$dir/libs/"; done
