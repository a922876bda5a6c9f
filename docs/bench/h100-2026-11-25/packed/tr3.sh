#!/usr/bin/env bash
# 1- and 2-byte transposes, auto before (8f3a13b) and after, alternated, on
# named shapes and two sweeps.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/cur-build/tools/txf/txf; B=$D/after-build/tools/txf/txf
S=4096x4096,4093x4099,8191x8193,16383x16385,16384x16384,9223x4868,2701x5692,1375x3175,839x6956,3x1000000,1000000x3
for round in 1 2; do
for dt in u1 u2; do
  for v in before after; do
    if [ $v = before ]; then T=$B; K=$PWD/$D/after-cl; C=/tmp/cache-b; else T=$A; K=$PWD/cl; C=/tmp/cache-a; fi
    TXF_KERNEL_PATH=$K TXF_CACHE_DIR=$C $T bench transpose --dtype $dt --shape $S --strategy auto --compare none --format json | sed "s/^{/{\"v\":\"$v\",\"round\":$round,/" >> $OUT/tr.jsonl
    for seed in 1 2; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=$C $T bench transpose --dtype $dt --sweep 40 --seed $seed --sweep-range 256:16384 --strategy auto --compare none --format json | sed "s/^{/{\"v\":\"$v\",\"round\":$round,\"seed\":$seed,/" >> $OUT/tr.jsonl
    done
  done
done
done
python3 - <<'PY'
import json, os, statistics as st
r = {}
for l in open(os.environ["OUT"] + "/tr.jsonl"):
    x = json.loads(l)
    if x.get("op") != "transpose" or x.get("impl") != "txf": continue
    key = (x["dtype"], x.get("seed", 0), x["rows"], x["cols"])
    r.setdefault(key, {}).setdefault(x["v"], []).append(x["ratio"] if x["check"] == "OK" else 0)
for dt in ("u1", "u2"):
    for grp in (0, 1, 2):
        ks = [k for k in r if k[0] == dt and k[1] == grp]
        for v in ("before", "after"):
            best = [max(r[k].get(v, [0])) for k in ks]
            big = [max(r[k].get(v, [0])) for k in ks if k[2] * k[3] >= 1 << 22]
            print("%s set %d %-6s n %d median %.3f min %.3f | >=2^22 n %d median %.3f min %.3f" % (dt, grp, v, len(best), st.median(best), min(best), len(big), st.median(big) if big else 0, min(big) if big else 0))
    for k in sorted(r):
        if k[0] == dt and k[1] == 0:
            print("  %s %dx%d before %s after %s" % (dt, k[2], k[3], "/".join("%.2f" % v for v in r[k].get("before", [])), "/".join("%.2f" % v for v in r[k].get("after", []))))
PY
