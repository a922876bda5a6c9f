#!/usr/bin/env python3
"""summ.py FILE.jsonl.gz: tt's lines (ratio = copy time / transpose time,
medians of 20 each, both in the same process), per element size, shape and
build (the variant's -D options or the forced tile), the mean over rounds;
then per element size and build, min / median over the shapes."""
import collections, gzip, json, statistics, sys
d = collections.defaultdict(list)
for line in gzip.open(sys.argv[1], "rt"):
    x = json.loads(line)
    if "error" in x or x["check"] == "FAIL":
        print("not OK:", x)
        continue
    v = x["xclopt"].replace(" -cl-nv-verbose", "") or "tile %d x %d packed %d" % (x["tile"], x["wg"], x["packed"])
    d[(x["e"], v, x["r"], x["c"])].append(x["ratio"])
per = collections.defaultdict(list)
for (e, v, r, c), rs in sorted(d.items()):
    m = sum(rs) / len(rs)
    per[(e, v)].append(m)
    print("u%d %5d x %5d  %-28s %s" % (e, r, c, v, " ".join("%.3f" % x for x in rs)))
print()
for (e, v), ms in sorted(per.items()):
    print("u%d %-28s n %2d min %.3f median %.3f" % (e, v, len(ms), min(ms), statistics.median(ms)))
