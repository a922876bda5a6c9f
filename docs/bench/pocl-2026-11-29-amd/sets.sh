#!/usr/bin/env bash
# The stores alone (sets.c) on 4 MiB outputs: rows 1 to 16 KiB apart and
# 64 bytes more, tiles of 8 to 64 lines (1- to 8-byte elements), 1 to 8
# tiles together, ordinary and non-temporal stores.
set -eu
cd "$(dirname "$0")"
cc -O2 -mavx512f sets.c -o /tmp/sets
for nt in 0 1; do
	for pitch in 1024 1088 2048 2112 4096 4160 16384 16448; do
		for tl in 8 16 32 64; do
			for J in 1 2 4 8; do
				/tmp/sets $((4194304 / pitch)) $pitch $J $nt $tl
			done
		done
	done
done
