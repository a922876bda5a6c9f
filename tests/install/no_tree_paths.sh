#!/bin/sh
# The library names no directory of the source or build tree (lib/meson.build,
# lib/source.c): without its debug information, which records where it was
# compiled, it holds neither path. The installed kernel directory is the one
# path it may hold, even when the prefix lies inside one of the trees.
#
# usage: no_tree_paths.sh OBJCOPY LIBRARY SOURCE_ROOT BUILD_ROOT KERNEL_INSTALL_DIR
set -eu
objcopy=$1 lib=$2 src=$3 build=$4 kernels=$5
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.text" "$tmp.dirs"' EXIT
"$objcopy" --strip-debug "$lib" "$tmp"
# The printable runs of the file, one a line, less the allowed one.
tr -c '[:print:]' '\n' <"$tmp" | grep -vxF "$kernels" >"$tmp.text" || true
status=0
printf '%s\n' "$src" "$build" "$(cd "$src" && pwd -P)" "$(cd "$build" && pwd -P)" |
	sort -u >"$tmp.dirs"
while IFS= read -r d; do
	if grep -qF "$d" "$tmp.text"; then
		echo "$lib names $d:" >&2
		grep -F "$d" "$tmp.text" | sort -u >&2
		status=1
	fi
done <"$tmp.dirs"
[ $status -ne 0 ] || echo "$lib names neither $src nor $build"
exit $status
