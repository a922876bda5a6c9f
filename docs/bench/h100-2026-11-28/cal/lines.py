"""lines.py: the timings of the tiled kernels' sets in this call and in ../../h100-2026-11-27l
(ks/, ab/, ab/sweep/, rate/) as lines "m n k mwg nwg kwg ksplit packed ms src" for comp
(../../h100-2026-11-27l/fit/comp.c): python3 lines.py > in.txt; comp < in.txt > comp.txt;
python3 fit2.py comp.txt fit"""
import json, os
H = os.path.dirname(os.path.abspath(__file__))
L = H + "/../../h100-2026-11-27l"
for src, f in [("old", L + "/ks/ks.jsonl"), ("old", L + "/ab/mm.jsonl"), ("old", L + "/ab/sweep/mm.jsonl"),
               ("old", L + "/rate/mm.jsonl"), ("new", H + "/cal.jsonl")]:
    for l in open(f):
        x = json.loads(l)
        if x.get("impl") != "txf" or x.get("op") != "matmul" or x.get("check") != "OK": continue
        p = x["params"]
        if p.get("mdimc", 0) * p.get("ndimc", 0) != 256: continue
        print(x["m"], x["n"], x["k"], p["mwg"], p["nwg"], p["kwg"], p["ksplit"], int(x["chosen"] == "padcopy"), x["median_ms"], src)
