#!/usr/bin/env python3
"""summ.py DIR [TYPES]: per element type, the ratio to the copy (same run) of each
forced variant (tag) per shape, the mean over the rounds, and PyTorch's
transpose against the same copy (DIR/torch.jsonl: its time against ours
through the library's copy; also its own copy)."""
import collections, gzip, json, os, sys
D = sys.argv[1]
r = collections.defaultdict(list)
copy = collections.defaultdict(list)
tags = []
for l in gzip.open(D + "/tv.jsonl.gz", "rt"):
    x = json.loads(l)
    if x.get("op") != "transpose":
        continue
    k = (x["dtype"], "%dx%d" % (x["rows"], x["cols"]))
    if x["impl"] == "copy":
        copy[k].append(x["median_ms"])
        continue
    if x["check"] != "OK":
        continue
    tag = x["tag"] + {"pad": "", "auto": "", "pad-one-tile": "/1t",
                      "pad-unaligned": "/un"}.get(x["strategy"], "/" + x["strategy"])
    if tag not in tags:
        tags.append(tag)
    r[(k, tag)].append(x["ratio"])
tor = {}
for l in (open(D + "/torch.jsonl") if os.path.exists(D + "/torch.jsonl") else []):
    x = json.loads(l)
    tor[(x["dtype"], "%dx%d" % (x["rows"], x["cols"]))] = x
for dt in (sys.argv[2].split(",") if len(sys.argv) > 2 else ["f4", "u1", "u2"]):
    shapes = [k for k in copy if k[0] == dt]
    ts = [t for t in tags if any((k, t) in r for k in shapes)]
    print("%s %-12s %s %s" % (dt, "shape", " ".join("%9s" % t[:9] for t in ts), "   torch  tcopy"))
    for k in shapes:
        row = []
        for t in ts:
            v = r.get((k, t))
            row.append("%9.3f" % (sum(v) / len(v)) if v else "%9s" % "-")
        c = sorted(copy[k])[len(copy[k]) // 2]
        tt = tor.get(k)
        extra = " %7.3f %6.3f" % (c / tt["t_ms"], c / tt["copy_ms"]) if tt else ""
        print("%s %-12s %s%s" % (dt, k[1], " ".join(row), extra))
