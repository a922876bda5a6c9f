#!/usr/bin/env bash
# ab.sh TXF OUT ROUNDS DIR...: `txf bench transpose` (auto, TXF_TUNING=0, 10
# runs per shape) of u1, u2, f4 and f8 with each kernel directory DIR in turn
# (TXF_KERNEL_PATH), ROUNDS rounds, the shapes of $SHAPES; JSON lines tagged
# with the directory and round appended to OUT. Summary: summ.py OUT.
# run1: SHAPES=4093x4099,8191x4097,5000x3001,3001x2999,2500x2500,1500x1700,6007x6001,2048x2048
# run2: SHAPES=4093x4099,8191x4097,5000x3001,3001x2999,2900x2900,2800x2800,6007x6001,12000x3001,2048x2048,1500x1700
# DIRs: the parent's cl/ (git archive e8f183e^ cl) and this tree's cl/, one
# library (this tree's, whose choice only adds -DSTREAM_STAGE=1, which the
# parent's kernels ignore).
TXF=$1 OUT=$2 R=$3
shift 3
export TXF_TUNING=0
for r in $(seq 1 "$R"); do
	for d in "$@"; do
		for dt in u1 u2 f4 f8; do
			TXF_KERNEL_PATH=$d "$TXF" bench transpose --dtype $dt --shape "$SHAPES" \
			    --strategy auto --repeat 10 --format json 2>/dev/null |
			    sed "s|^|{\"v\":\"$d\",\"round\":$r,\"j\":|; s|\$|}|" >>"$OUT"
		done
	done
done
# run3: SHAPES=2900x2900,2500x2500 (the f8 shapes that lost in run2)
