#!/usr/bin/env bash
# Set up a Debian 12 machine for libtiledxform, build it, and either run the
# demo (`demo`) or the test suite (`test`).
#
#   tools/quickstart.sh demo   install, build, run `txf demo` on the default device
#   tools/quickstart.sh test   install, build, run the whole test suite
#
# Packages are installed only when missing (root, or sudo when available).
# BUILD_DIR (default build-release for demo, build for test) names the build.
set -euo pipefail

mode=${1:-}
case "$mode" in
demo | test) ;;
*)
	echo "usage: $0 demo|test" >&2
	exit 2
	;;
esac

cd "$(dirname "$0")/.."

packages=(meson ninja-build pkg-config gcc pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers
	libcmocka-dev python3 gnuplot-nox)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "== installing: ${missing[*]}"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$mode" = demo ]; then
	build=${BUILD_DIR:-build-release}
	[ -f "$build/build.ninja" ] || meson setup "$build" --buildtype=release -Dtests=false
	ninja -C "$build"
	"$build/tools/txf/txf" demo
else
	build=${BUILD_DIR:-build}
	[ -f "$build/build.ninja" ] || meson setup "$build" -Dwerror=true
	ninja -C "$build"
	meson test -C "$build" --print-errorlogs
fi
