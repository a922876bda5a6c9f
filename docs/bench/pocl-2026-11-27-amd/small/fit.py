#!/usr/bin/env python3
"""fit.py DIR [LAUNCH_US PANEL_NS SUM_PS]: fit the POCL entry's cost model to
sets.sh's timings (DIR/set-*-k*.jsonl[.gz], DIR/auto.jsonl[.gz]).

Model (lib/select.c model_time, the blocked kernel): per compute unit,
ceil(blocks sl / cus) work-groups, each 2 mwg nwg ceil(k / sl) / rate (the
set's rate, padded blocks) plus its partial sums: mwg nwg ceil(k / sl / kwg)
vectors (of vwb elements, or one element's lanes with kvec) at panel_vec_s,
and with kvec mwg nwg at kvec_sum_s; plus the launch, and with sl > 1 K
slices one more launch and (sl + 1) m n elements at sum_bytes_s. Without the
three numbers fits launch, panel_vec_s and kvec_sum_s on a grid, each set's
rate as the median (in logs) of its single-slice runs, then the slice terms;
prints the rms of log(model / measured), the rates, how often the set of
least modelled time is within 10% of the fastest measured, and OpenBLAS
against the model's pick and against auto as it was when sets.sh ran."""
import glob, gzip, json, math, statistics as st, sys
CUS = 2
D = sys.argv[1]
fixed = [float(x) for x in sys.argv[2:5]] if len(sys.argv) >= 5 else None
def lines(pattern):
    for f in glob.glob(pattern):
        for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
            yield json.loads(l)
runs, blas, auto, ELEM = [], {}, {}, 4
for x in lines(f"{D}/set-*-k*.jsonl*"):
    if x.get("op") != "matmul" or x.get("check") != "OK": continue
    p = x["params"]; ELEM = 8 if x["dtype"] == "f8" else 4
    runs.append(((p["mwg"], p["nwg"], p.get("kvec", 1), p["kwg"], p["vwb"]), p["ksplit"],
                 x["m"], x["n"], x["k"], x["min_ms"] * 1e-3))
for x in lines(f"{D}/auto.jsonl*"):
    if x.get("op") != "matmul": continue
    (blas if x["impl"] == "blas" else auto)[(x["m"], x["n"], x["k"])] = x["min_ms"] * 1e-3
sets = sorted({r[0] for r in runs})
def parts(s, sl, m, n, k):
    per = math.ceil(math.ceil(m / s[0]) * math.ceil(n / s[1]) * sl / CUS); kw = math.ceil(k / sl)
    kv = s[2] > 1
    return (per * 2.0 * s[0] * s[1] * kw, per * s[0] * s[1] * math.ceil(kw / s[3]) / (1 if kv else s[4]),
            per * s[0] * s[1] * kv)
def model(par, s, sl, m, n, k):
    launch, rates, e, r, sll, sb = par
    w, c, q = parts(s, sl, m, n, k)
    t = launch + w / rates[s] + c * e + q * r
    return t + (sll + (sl + 1) * m * n * ELEM / sb if sl > 1 else 0)
grid = ([fixed[0] * 1e-6], [fixed[1] * 1e-9], [fixed[2] * 1e-12]) if fixed else (
    [x * 1e-6 for x in (0.5, 0.75, 1, 1.5)], [x * 1e-12 for x in (0, 250, 500, 1000, 2000, 4000)],
    [x * 1e-12 for x in (0, 200, 500, 1000, 2000, 4000)])
best = None
for launch in grid[0]:
    for e in grid[1]:
        for r in grid[2]:
            rates = {}
            for s in sets:
                v = []
                for (ss, sl, m, n, k, t) in runs:
                    if ss != s or sl != 1: continue
                    w, c, q = parts(s, 1, m, n, k); rest = t - launch - c * e - q * r
                    if rest > 0.3 * t: v.append(w / rest)
                rates[s] = math.exp(st.median([math.log(x) for x in v])) if v else 1e9
            for sll in [x * 1e-6 for x in (0, 1, 2, 4)]:
                for sb in (5e9, 10e9, 20e9, 40e9):
                    par = (launch, rates, e, r, sll, sb)
                    err = [math.log(model(par, s, sl, m, n, k) / t) for (s, sl, m, n, k, t) in runs]
                    rms = math.sqrt(sum(x * x for x in err) / len(err))
                    if best is None or rms < best[0]: best = (rms, par)
rms, par = best
print("rms log error %.3f over %d runs; launch %.2f us, panel_vec %.2f ns, kvec_sum %.0f ps, slice launch %.1f us, sum bytes %.3g B/s" % (
    rms, len(runs), par[0] * 1e6, par[2] * 1e9, par[3] * 1e12, par[4] * 1e6, par[5]))
for s in sets: print("set %d x %d kvec %d kwg %d vwb %d: rate %.3g flop/s per compute unit" % (s + (par[1][s],)))
shapes = {}
for (s, sl, m, n, k, t) in runs: shapes.setdefault((m, n, k), {})[(s, sl)] = t
rows = []
for sh, v in shapes.items():
    pick = min(v, key=lambda c: model(par, c[0], c[1], *sh)); fast = min(v.values())
    rows.append((v[pick] / fast, sh, v[pick], blas.get(sh), auto.get(sh)))
ratios = [r[0] for r in rows]
print("pick within 10%% of the fastest on %d of %d shapes; time over fastest: median %.2f, max %.2f" % (
    sum(x <= 1.1 for x in ratios), len(rows), st.median(ratios), max(ratios)))
bp = [r[3] / r[2] for r in rows if r[3]]; ba = [r[3] / r[4] for r in rows if r[3] and r[4]]
print("OpenBLAS time / the pick's: median %.2f, below 1 on %d of %d; / auto's when timed: median %.2f, below 1 on %d" % (
    st.median(bp), sum(x < 1 for x in bp), len(bp), st.median(ba), sum(x < 1 for x in ba)))
