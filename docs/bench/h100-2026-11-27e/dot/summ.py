import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
tor = {}
for l in open(sys.argv[2]):
    x = json.loads(l); tor[(x["m"], x["n"], x["k"], x["dtype"])] = x["ms"]
res = collections.defaultdict(list)
bad = []
for x in rows:
    if x.get("impl") != "txf": continue
    key = (x["m"], x["n"], x["k"], x["dtype"])
    if x.get("check") != "OK": bad.append((x["set"], key, x.get("check"), x.get("note")))
    else: res[(x["set"], key)].append(x["median_ms"])
sets = []
for (s, k) in res:
    if s not in sets: sets.append(s)
shapes = sorted({k for (s, k) in res}, key=lambda k: (k[3], k))
print("shape".ljust(22), "cuBLAS ms".rjust(9), *[s.rjust(11) for s in sets])
for k in shapes:
    t = tor.get(k)
    cells = []
    for s in sets:
        v = res.get((s, k))
        cells.append(("%.3f/%.2f" % (min(v), t / min(v)) if v and t else "-").rjust(11))
    print(("%dx%dx%d %s" % k).ljust(22), ("%.3f" % t if t else "-").rjust(9), *cells)
for b in bad: print("BAD", b)
