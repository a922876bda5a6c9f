"""fit.py: the timings of ks/, ab/, ab/sweep/ and rate/ through comp (stdin lines "m n k mwg nwg
kwg ksplit packed ms tag", made by the snippet below), then the model's error per set and K per
slice, and the rates' factors and round_s that fit these timings alone.
  python3 fit.py lines > in.txt; ./comp < in.txt > comp.txt; python3 fit.py fit comp.txt"""
import json, math, sys, collections, glob, os
D = os.path.dirname(os.path.abspath(__file__)) + "/.."
if sys.argv[1] == "lines":
    for f in [D + "/ks/ks.jsonl", D + "/ab/mm.jsonl", D + "/ab/sweep/mm.jsonl", D + "/rate/mm.jsonl"]:
        for l in open(f):
            x = json.loads(l)
            if x.get("impl") != "txf" or x.get("op") != "matmul" or x.get("check") != "OK": continue
            p = x["params"]
            print(x["m"], x["n"], x["k"], p["mwg"], p["nwg"], p["kwg"], p["ksplit"], int(x["chosen"] == "padcopy"), x["median_ms"], "t")
    sys.exit()
slots = {"128x128": 2, "128x64": 2, "64x64": 4, "256x128": 1}
rows = []; g = collections.defaultdict(list)
for l in open(sys.argv[2]):
    f = l.split()
    t, tc, pc, ms = map(float, f[:4]); s = f[5]; k = int(f[6].split("x")[2]); ks = int(f[7][2:])
    rows.append((t, tc, pc, ms, s)); g[(s, f[8], min(int(math.log2(k / ks)), 12))].append(math.log(t / ms))
for key in sorted(g):
    v = g[key]
    if len(v) >= 5: print("%s %s K/slice ~2^%d: %d timings, estimate / time %.3f" % (key + (len(v), math.exp(sum(v) / len(v)))))
def err(a, b):
    e = [math.log((t - tc - pc * 2.0 / slots[s] + tc / a[s] + pc * b / slots[s]) / ms) for t, tc, pc, ms, s in rows]
    return math.sqrt(sum(x * x for x in e) / len(e)), sum(e) / len(e)
sets = sorted({r[4] for r in rows}); a = {s: 1.0 for s in sets}; b = 2.0
print("as built: rms log error %.3f, mean %.3f" % err(a, b))
for it in range(4):
    for s in sets:
        a[s] = min((err(dict(a, **{s: v}), b)[0], v) for v in [1 + 0.02 * i for i in range(-3, 16)])[1]
    b = min((err(a, bb)[0], bb) for bb in [0.5 * j for j in range(21)])[1]
print("fitted: rates x %s, round_s %.1f us: rms %.3f, mean %.3f" % (({s: round(v, 2) for s, v in a.items()}, b) + err(a, b)))
