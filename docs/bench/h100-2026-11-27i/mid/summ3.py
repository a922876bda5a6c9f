#!/usr/bin/env python3
"""summ3.py CALLDIR: run3.sh's products, each run's fastest median over the
rounds in microseconds, cuBLAS's beside; what auto ran."""
import json, sys
D = sys.argv[1]
best, how, order = {}, {}, []
for l in open(f"{D}/mm.jsonl"):
    x = json.loads(l)
    if x.get("impl") != "txf" or x.get("check") != "OK": continue
    sh = (x["m"], x["n"], x["k"]); k = (x["set"],) + sh
    if sh not in order: order.append(sh)
    if x["median_ms"] * 1e3 < best.get(k, 1e12):
        best[k] = x["median_ms"] * 1e3; p = x["params"] or {}
        how[k] = "%s %sx%sx%s" % (x["chosen"], p.get("mwg"), p.get("nwg"), p.get("kwg"))
cu = {}
for l in open(f"{D}/torch.jsonl"):
    x = json.loads(l); cu[(x["m"], x["n"], x["k"])] = x["ms"] * 1e3
sets = ["auto", "pc-L", "pc-A", "pad-A", "pad-L"]
print("%-16s %7s " % ("product", "cuBLAS") + " ".join("%7s" % s for s in sets) + "  auto ran")
for sh in order:
    print("%-16s %7.1f " % ("x".join(map(str, sh)), cu.get(sh, 0)) +
          " ".join("%7.1f" % best.get((t,) + sh, 0) for t in sets) + "  " + how.get(("auto",) + sh, ""))
