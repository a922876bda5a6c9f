#!/usr/bin/env bash
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
D=.device-build; A=$D/cur-build/tools/txf/txf
export TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache-cur
S=4093x4099,8191x8193,16383x16385,9838x2254,4422x12810,14625x4534,2701x5692,16384x16384,9223x4868,1375x3175,839x6956
for dt in u1 u2; do
  $A bench transpose --dtype $dt --shape $S --strategy auto --compare none --format json | sed 's/^{/{"v":"auto",/' >> $OUT/x.jsonl
  $A bench transpose --dtype $dt --shape $S --strategy pad --param packed=1 --compare none --format json | sed 's/^{/{"v":"p16",/' >> $OUT/x.jsonl
  TXF_X_HINTS=1 $A bench transpose --dtype $dt --shape $S --strategy pad --param packed=1 --compare none --format json | sed 's/^{/{"v":"p16h",/' >> $OUT/x.jsonl
  $A bench transpose --dtype $dt --shape $S --strategy pad --param packed=1 --param tile=32 --param wg_rows=8 --compare none --format json | sed 's/^{/{"v":"p32",/' >> $OUT/x.jsonl
  TXF_X_HINTS=1 $A bench transpose --dtype $dt --shape $S --strategy pad --param packed=1 --param tile=32 --param wg_rows=8 --compare none --format json | sed 's/^{/{"v":"p32h",/' >> $OUT/x.jsonl
done
python3 - <<'PY'
import json, os
r = {}
for l in open(os.environ["OUT"] + "/x.jsonl"):
    x = json.loads(l)
    if x.get("op") != "transpose" or x.get("impl") != "txf": continue
    r.setdefault((x["dtype"], x["rows"], x["cols"]), {})[x["v"]] = x["ratio"] if x["check"] == "OK" else 0
for k, v in r.items():
    print("%s %6dx%-6d " % k + " ".join("%s %.3f" % (n, v.get(n, -1)) for n in ("auto", "p16", "p16h", "p32", "p32h")))
PY
