import json, sys, os, collections
o = sys.argv[1]
def load(f):
    p = os.path.join(o, f)
    return [json.loads(l) for l in open(p)] if os.path.exists(p) else []
torch = {(x["m"], x["n"], x["k"]): x["gflops"] for x in load("torch.jsonl")}
rows = collections.defaultdict(dict)
for name, f in (("auto", "auto.jsonl"), ("mma1", "mma1.jsonl")):
    for x in load(f):
        if x.get("impl") != "txf" or "m" not in x: continue
        rows[(x["m"], x["n"], x["k"])][name] = (x.get("gflops"), x.get("check"), x.get("strategy"))
for x in load("cfg.jsonl"):
    if x.get("impl") != "txf" or "m" not in x: continue
    rows[(x["m"], x["n"], x["k"])][x["cfg"] + "-" + str(x.get("strategy"))] = (x.get("gflops"), x.get("check"), x.get("strategy"))
cols = sorted({c for r in rows.values() for c in r})
print("shape".ljust(18) + " cuBLAS " + " ".join(c[:9].rjust(9) for c in cols))
for s, r in rows.items():
    t = torch.get(s)
    line = ("%dx%dx%d" % s).ljust(18) + (" %6.0f " % t if t else "    -   ")
    for c in cols:
        v = r.get(c)
        if not v or v[0] is None: line += "        -"
        else: line += ("%9.0f" % v[0]) + ("" if v[1] == "OK" else "!")
    print(line)
