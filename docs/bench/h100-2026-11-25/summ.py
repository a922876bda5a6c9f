import json, sys, glob, os
out = sys.argv[1]
def load(p):
    rows = []
    if os.path.exists(p):
        for l in open(p):
            l = l.strip()
            if l.startswith('{'):
                try: rows.append(json.loads(l))
                except Exception: pass
    return rows
print("== before/after (ratio = vs copy for transpose; GFLOP/s for matmul)")
for kind in ("tr", "mm"):
    res = {}
    for f in sorted(glob.glob(f"{out}/{kind}-*.jsonl")):
        v, r = os.path.basename(f)[len(kind)+1:-6].split('-')
        for x in load(f):
            if x.get("impl") != "txf": continue
            key = (x.get("rows", x.get("m")), x.get("cols", x.get("n")), x.get("k", ""), x.get("strategy"))
            val = x.get("ratio") if kind == "tr" else x.get("gflops")
            res.setdefault(key, {})[f"{v}{r}"] = val
    for key in sorted(res, key=str):
        d = res[key]
        print(kind, "x".join(str(k) for k in key[:3] if k != ""), key[3], " ".join(f"{k}={d[k]:.3f}" if isinstance(d[k], float) else f"{k}={d[k]}" for k in sorted(d)))
print("== survey transpose (ratio vs copy)")
for x in load(f"{out}/survey-tr.jsonl"):
    if x.get("impl") == "txf":
        print("tr", x["dtype"], f'{x["rows"]}x{x["cols"]}', x["strategy"], x.get("chosen"), x.get("params"), f'{x.get("ratio") or 0:.3f}', x.get("check"))
print("== skinny work-groups")
for x in load(f"{out}/survey-wg.jsonl"):
    if x.get("impl") == "txf":
        print("wg", x["dtype"], f'{x["rows"]}x{x["cols"]}', x["strategy"], x.get("params"), f'{x.get("ratio") or 0:.3f}', x.get("check"))
print("== survey matmul (GFLOP/s)")
for x in load(f"{out}/survey-mm.jsonl"):
    if x.get("impl") == "txf":
        print("mm", x["dtype"], f'{x["m"]}x{x["n"]}x{x["k"]}', x["strategy"], x.get("chosen"), x.get("params"), f'{x.get("gflops") or 0:.0f}', x.get("check"))
print("== torch")
for x in load(f"{out}/torch.jsonl"):
    if x["op"] == "matmul": print("cublas", x["dtype"], f'{x["m"]}x{x["n"]}x{x["k"]}', f'{x["gflops"]:.0f}')
    else: print("torch-tr", x["dtype"], f'{x["rows"]}x{x["cols"]}', f'ratio {x["ratio"]:.3f}')
