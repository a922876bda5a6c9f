# Summary of fin.sh: per named shape TFLOP/s of exact, 3xtf32, tf32 and
# cuBLAS fp32/TF32; for the sweep, min / median / geometric mean of ratios.
import json, sys, glob, math, statistics
out = sys.argv[1]
rate, check, cu = {}, {}, {}
for f in glob.glob(out + "/*.jsonl"):
    for l in open(f):
        try: x = json.loads(l)
        except Exception: continue
        if "m" not in x: continue
        s = (x["m"], x["n"], x["k"])
        if "mode" in x: cu[(s, x["mode"])] = x["gflops"] / 1000; continue
        if x.get("impl") != "txf": continue
        p = f.rsplit("-", 1)[1][:-6]; kind = "named" if "/named-" in f else "sweep"
        rate[(kind, s, p)] = x["gflops"] / 1000 if x.get("check") == "OK" else float("nan")
        check[(kind, s, p)] = x.get("check")
bad = [(k, v) for k, v in check.items() if v != "OK"]
print("checks not OK:", bad[:5] if bad else "none", "of", len(check))
print("%-16s %8s %8s %8s %8s %8s  %s" % ("shape", "exact", "3xtf32", "tf32", "cu-fp32", "cu-tf32", "3x/cu32 tf32/cu32"))
for (kind, s, p) in sorted(k for k in rate if k[0] == "named" and k[2] == "exact"):
    e, x3, t = rate[(kind, s, "exact")], rate.get((kind, s, "3xtf32")), rate.get((kind, s, "tf32"))
    c32, ct = cu.get((s, "fp32")), cu.get((s, "tf32"))
    print("%-16s %8.1f %8.1f %8.1f %8.1f %8.1f  %.2f %.2f" % ("x".join(map(str, s)), e, x3, t, c32, ct, x3 / c32, t / c32))
def stats(name, num, den):
    r = [rate[("sweep", s, num)] / (cu[(s, den[3:])] if den.startswith("cu-") else rate[("sweep", s, den)])
         for (k, s, p) in rate if k == "sweep" and p == num]
    r = [v for v in r if v == v]
    if r: print("sweep %-18s n=%d min %.2f median %.2f geomean %.2f" % (name, len(r), min(r), statistics.median(r), math.exp(sum(map(math.log, r)) / len(r))))
stats("3xtf32/exact", "3xtf32", "exact"); stats("tf32/exact", "tf32", "exact")
stats("exact/cu-fp32", "exact", "cu-fp32"); stats("3xtf32/cu-fp32", "3xtf32", "cu-fp32"); stats("tf32/cu-fp32", "tf32", "cu-fp32"); stats("tf32/cu-tf32", "tf32", "cu-tf32")
