#!/usr/bin/env python3
"""fit.py DIR [DIR...]: fit the POCL entry's cost model to sets.sh timings.
Model (lib/select.c model_time, blocked kernel): t = launch + ceil(blocks sl
/ cus) 2 mwg nwg ceil(k / sl) / rate + (sl > 1) (slice_launch + (sl + 1) m n
4 / sum_bytes). Fits launch, each set's rate, then the slice terms, by grid
and median; prints the rms of log(model / measured) and how often the set
of least modelled time is within 10% of the fastest measured."""
import glob, gzip, json, math, sys, statistics as st
CUS = 2
ELEM = 4
runs = []  # (set, sl, m, n, k, t)
for d in sys.argv[1:]:
    for f in glob.glob(f"{d}/set-*-k*.jsonl*"):
        for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
            x = json.loads(l)
            if x.get("op") != "matmul" or x.get("impl") != "txf" or x.get("check") != "OK": continue
            p = x["params"]
            runs.append(((p["mwg"], p["nwg"]), p["ksplit"], x["m"], x["n"], x["k"], x["min_ms"] * 1e-3))
            ELEM = 8 if x["dtype"] == "f8" else 4
sets = sorted({r[0] for r in runs})
def work(s, sl, m, n, k):
    blocks = math.ceil(m / s[0]) * math.ceil(n / s[1])
    return math.ceil(blocks * sl / CUS) * 2.0 * s[0] * s[1] * math.ceil(k / sl)
def model(par, s, sl, m, n, k):
    launch, rates, sl_launch, sum_bytes = par
    t = launch + work(s, sl, m, n, k) / rates[s]
    if sl > 1: t += sl_launch + (sl + 1) * m * n * ELEM / sum_bytes
    return t
best = None
for launch in [x * 1e-6 for x in (1, 2, 3, 4, 5, 6, 8, 10, 12)]:
    rates = {}
    for s in sets:
        v = [work(s, 1, m, n, k) / (t - launch) for (ss, sl, m, n, k, t) in runs if ss == s and sl == 1 and t > launch * 1.5]
        rates[s] = st.median(v)
    for sl_launch in [x * 1e-6 for x in (0, 2, 4, 8, 12)]:
        for sum_bytes in (5e9, 10e9, 20e9, 40e9):
            par = (launch, rates, sl_launch, sum_bytes)
            err = [math.log(model(par, s, sl, m, n, k) / t) for (s, sl, m, n, k, t) in runs]
            rms = math.sqrt(sum(e * e for e in err) / len(err))
            if best is None or rms < best[0]: best = (rms, par)
rms, par = best
print("rms log error %.3f over %d runs" % (rms, len(runs)))
print("launch %.1f us, slice launch %.1f us, sum bytes %.3g B/s" % (par[0] * 1e6, par[2] * 1e6, par[3]))
for s in sets: print("set %dx%d rate %.3g flop/s per compute unit" % (s[0], s[1], par[1][s]))
# choice quality: per shape, the modelled best set and slices against the measured best
shapes = {}
for (s, sl, m, n, k, t) in runs: shapes.setdefault((m, n, k), {})[(s, sl)] = t
within, ratios = 0, []
for sh, v in shapes.items():
    pick = min(v, key=lambda c: model(par, c[0], c[1], *sh))
    fast = min(v.values())
    ratios.append(v[pick] / fast); within += v[pick] <= 1.1 * fast
print("model's pick within 10%% of the fastest on %d of %d shapes; time over fastest: median %.2f, max %.2f" % (within, len(shapes), st.median(ratios), max(ratios)))
r0 = [v[((128, 64), 1)] / min(v.values()) for v in shapes.values() if ((128, 64), 1) in v]
print("128 x 64 without slices (the entry before): time over fastest: median %.2f, max %.2f, within 10%% on %d of %d" % (st.median(r0), max(r0), sum(x <= 1.1 for x in r0), len(r0)))
