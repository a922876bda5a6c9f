# Summary of run.sh: TFLOP/s per named shape of txf f2, bf16 (f32 C) and f32
# with precision tf32, and of cuBLAS (PyTorch) fp16, bf16 and upcast TF32;
# the block variants; sweep ratios against cuBLAS.
import json, sys, glob, math, statistics, os
out = sys.argv[1]
rate, check, cu = {}, {}, {}
for f in glob.glob(out + "/*.jsonl"):
    base = os.path.basename(f)[:-6]
    kind, tag = base.split("-", 1) if "-" in base else (base, "")
    for l in open(f):
        try: x = json.loads(l)
        except Exception: continue
        if "m" not in x: continue
        s = (x["m"], x["n"], x["k"])
        if "mode" in x: cu[(s, x["mode"])] = x["gflops"] / 1000; continue
        if x.get("impl") != "txf": continue
        rate[(kind, s, tag)] = x["gflops"] / 1000 if x.get("check") == "OK" else float("nan")
        check[(kind, s, tag)] = x.get("check")
bad = [(k, v) for k, v in check.items() if v != "OK"]
print("checks not OK:", bad[:5] if bad else "none", "of", len(check))
nan = float("nan")
print("%-16s %7s %7s %8s %8s %8s %8s %10s %7s %7s" % ("shape", "f2", "bf16", "f4-tf32", "f4-3x", "cu-fp16", "cu-bf16", "cu-up-tf32", "f2/cu", "bf16/cu"))
for s in sorted({s for (k, s, t) in rate if k == "named"}, key=lambda s: -s[0] * s[1] * s[2]):
    g = lambda t: rate.get(("named", s, t), nan)
    c = lambda m: cu.get((s, m), nan)
    print("%-16s %7.1f %7.1f %8.1f %8.1f %8.1f %8.1f %10.1f %7.2f %7.2f" % ("x".join(map(str, s)), g("f2"), g("bf16"), g("f4tf32"), g("f43xtf32"), c("fp16"), c("bf16"), c("f2-up-tf32"), g("f2") / c("fp16"), g("bf16") / c("bf16")))
print("variants (f2, padcopy, mma 4; params mwg,nwg,kwg,mdimc,ndimc,vwa,vwb,ksplit,lbuf):")
for (k, s, t) in sorted(k for k in rate if k[0] == "var"):
    print("  %-28s %-16s %7.1f" % (t, "x".join(map(str, s)), rate[(k, s, t)]))
def stats(name, r):
    r = [v for v in r if v == v and v > 0]
    if r: print("sweep %-14s n=%d min %.2f median %.2f geomean %.2f" % (name, len(r), min(r), statistics.median(r), math.exp(sum(map(math.log, r)) / len(r))))
sw = [s for (k, s, t) in rate if k == "sweep"]
stats("f2/cu-fp16", [rate[("sweep", s, "f2")] / cu.get((s, "fp16"), nan) for s in sw])
stats("f2/cu-up-tf32", [rate[("sweep", s, "f2")] / cu.get((s, "f2-up-tf32"), nan) for s in sw])
for s in sorted(sw, key=lambda s: s[0] * s[1] * s[2]):
    print("  %-16s f2 %7.1f cu-fp16 %7.1f" % ("x".join(map(str, s)), rate[("sweep", s, "f2")], cu.get((s, "fp16"), nan)))
