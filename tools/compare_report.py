#!/usr/bin/env python3
"""Tables (Markdown) and plots from the JSON lines of tools/compare.sh.

    python3 tools/compare_report.py OUT_DIR [--plot PREFIX] [--title TEXT]

Prints the tables of BENCHMARKS.md for the results in OUT_DIR. With --plot,
also draws PREFIX-transpose.png and PREFIX-sgemm.png with gnuplot: time
against problem size on log-log axes, one line per implementation, from
the scaling runs (transpose-scaling.jsonl, sgemm-scaling.jsonl and
torch-scaling.jsonl). Standard library only.
"""
import json
import os
import subprocess
import sys
import tempfile


def load(out, name):
    rows = []
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return rows
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    rows.append(json.loads(line))
                except ValueError:
                    pass
    return rows


def tshape(r):
    return "%dx%d" % (r["rows"], r["cols"])


def mshape(r):
    return "%dx%dx%d" % (r["m"], r["n"], r["k"])


def ok(r):
    return r.get("check") == "OK" and r.get("median_ms") is not None


def fmt_ratio(r):
    if not r or not ok(r):
        return "-"
    return "%.3f (%.0f)" % (r["ratio"], r["gbps"])


def transpose_table(out):
    rows = load(out, "transpose.jsonl")
    torch_rows = load(out, "torch.jsonl")
    tuned = load(out, "tuned-transpose.jsonl")
    shapes = []
    for r in rows:
        if tshape(r) not in shapes:
            shapes.append(tshape(r))
    cols = ["auto", "pad", "pad-no-hints", "pad-one-tile", "pad-unaligned", "pad-tiled", "truncate", "split",
            "simple"]
    blas = any(r["impl"] == "blas" for r in rows)
    print("| shape | copy GB/s | " + " | ".join(cols) +
          " | in place (auto) | tuned auto | %s |" % ("host BLAS" if blas else "PyTorch"))
    print("| --- " * (len(cols) + 5) + "|")
    for s in shapes:
        by = {}
        for r in rows:
            if tshape(r) == s:
                by[r["impl"] if r["impl"] in ("copy", "blas") else r["strategy"]] = r
        copy = by.get("copy")
        line = "| %s | %s | " % (s, "%.0f" % copy["gbps"] if copy and ok(copy) else "-")
        line += " | ".join(fmt_ratio(by.get(c)) for c in cols)
        ip, auto = by.get("inplace-auto"), by.get("auto")
        if ip and ok(ip) and auto and ok(auto):
            line += " | %.3f of copy, %.3f of auto" % (ip["ratio"], ip["gbps"] / auto["gbps"])
        else:
            line += " | -"
        t = [r for r in tuned if tshape(r) == s and r.get("strategy") == "auto"]
        line += " | " + (fmt_ratio(t[0]) if t else "-")
        p = [r for r in torch_rows if r["op"] == "transpose" and tshape(r) == s and
             r["impl"] == "torch"]
        if blas:
            line += " | " + fmt_ratio(by.get("blas"))
        else:
            line += " | " + ("%.3f of its copy (%.0f)" % (p[0]["ratio"], p[0]["gbps"])
                             if p and ok(p[0]) else "-")
        print(line + " |")
    print()
    print("Ratio to the copy ceiling (GB/s, bytes read + written). pad-no-hints: pad's "
          "wide kernel without its cache hints where it chose them; pad-one-tile: pad's "
          "output-aligned runs with work-groups one tile wide where it chose wider ones; "
          "pad-unaligned: pad without output-aligned runs; pad-tiled: pad with the tiled "
          "kernel where it ran the streaming one.")
    print()


UNIT = [1000.0, "TFLOP/s"]  # GFLOP/s below 1 TFLOP/s at every size (CPUs)


def tf(r):
    return "%.1f" % (r["gflops"] / UNIT[0]) if r and ok(r) else "-"


def matmul_table(out, name, tuned_name=None):
    rows = load(out, name)
    if not rows:
        return
    dtype = rows[0]["dtype"]
    cub = [r for r in load(out, "torch.jsonl") if r["op"] == "matmul" and r["dtype"] == dtype]
    tuned = load(out, tuned_name) if tuned_name else []
    shapes = []
    for r in rows:
        if mshape(r) not in shapes:
            shapes.append(mshape(r))
    blas = any(r["impl"] == "blas" for r in rows)
    print("| shape | auto | chosen | pad | padcopy | tuned auto | CLBlast | %s |" %
          ("host BLAS" if blas else "cuBLAS"))
    print("| --- " * 8 + "|")
    for s in shapes:
        by = {}
        for r in rows:
            if mshape(r) == s:
                by[r["impl"] if r["impl"] != "txf" else r["strategy"]] = r
        a = by.get("auto")
        chosen = "-"
        if a and a.get("params"):
            p = a["params"]
            ks = p.get("ksplit", 1)
            chosen = "%s %dx%dx%d%s %dx%d %d/%d" % (
                a["chosen"], p["mwg"], p["nwg"], p["kwg"], "/%d" % ks if ks > 1 else "",
                p["mdimc"], p["ndimc"], p["vwa"], p["vwb"])
        t = [r for r in tuned if mshape(r) == s and r["impl"] == "txf"]
        c = [r for r in cub if mshape(r) == s]
        if blas:
            c = [by["blas"]] if "blas" in by else []
        print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            s, tf(a), chosen, tf(by.get("pad")), tf(by.get("padcopy")),
            tf(t[0]) if t else "-", tf(by.get("clblast")), tf(c[0]) if c else "-"))
    print()
    print("%s = 2 M N K / median time." % UNIT[1])
    print()


def scaling_table(out):
    tr = [r for r in load(out, "transpose-scaling.jsonl")]
    mm = [r for r in load(out, "sgemm-scaling.jsonl")]
    ts = load(out, "torch-scaling.jsonl")
    if tr:
        blas = any(r["impl"] == "blas" for r in tr)
        print("| transpose | copy ms | auto ms | auto / copy | %s ms |" %
              ("host BLAS" if blas else "PyTorch"))
        print("| --- | --- | --- | --- | --- |")
        for s in sorted({tshape(r) for r in tr}, key=lambda x: int(x.split("x")[0])):
            c = [r for r in tr if tshape(r) == s and r["impl"] == "copy"]
            a = [r for r in tr if tshape(r) == s and r.get("strategy") == "auto"]
            p = [r for r in ts if r["op"] == "transpose" and tshape(r) == s and
                 r["impl"] == "torch"]
            if blas:
                p = [r for r in tr if tshape(r) == s and r["impl"] == "blas" and ok(r)]
            print("| %s | %s | %s | %s | %s |" % (
                s, "%.4f" % c[0]["median_ms"] if c else "-",
                "%.4f" % a[0]["median_ms"] if a else "-",
                "%.3f" % a[0]["ratio"] if a and ok(a[0]) else "-",
                "%.4f" % p[0]["median_ms"] if p else "-"))
        print()
    if mm:
        u = UNIT[1]
        blas = any(r["impl"] == "blas" for r in mm)
        print("| sgemm | auto ms | auto %s | CLBlast %s | %s %s |" %
              (u, u, "host BLAS" if blas else "cuBLAS", u))
        print("| --- | --- | --- | --- | --- |")
        for s in sorted({mshape(r) for r in mm}, key=lambda x: int(x.split("x")[0])):
            a = [r for r in mm if mshape(r) == s and r.get("strategy") == "auto"]
            c = [r for r in mm if mshape(r) == s and r["impl"] == "clblast"]
            u = [r for r in ts if r["op"] == "matmul" and mshape(r) == s]
            if blas:
                u = [r for r in mm if mshape(r) == s and r["impl"] == "blas"]
            print("| %s | %s | %s | %s | %s |" % (
                s, "%.4f" % a[0]["median_ms"] if a else "-", tf(a[0]) if a else "-",
                tf(c[0]) if c else "-", tf(u[0]) if u else "-"))
        print()


def plot(out, prefix, title):
    series = {"transpose": {}, "sgemm": {}}
    for r in load(out, "transpose-scaling.jsonl") + load(out, "torch-scaling.jsonl"):
        if r["op"] != "transpose" or not ok(r):
            continue
        label = {"copy": "clEnqueueCopyBuffer", "torch": "PyTorch transpose",
                 "torch-copy": "PyTorch copy", "blas": "host BLAS ?omatcopy"}.get(
                     r["impl"], "txf " + str(r.get("strategy")))
        series["transpose"].setdefault(label, []).append(
            (r["rows"] * r["cols"], r["median_ms"]))
    for r in load(out, "sgemm-scaling.jsonl") + load(out, "torch-scaling.jsonl"):
        if r["op"] != "matmul" or not ok(r):
            continue
        label = {"clblast": "CLBlast", "cublas": "cuBLAS", "blas": "host BLAS"}.get(
            r["impl"], "txf " + str(r.get("strategy")))
        series["sgemm"].setdefault(label, []).append((r["m"] * r["n"] * r["k"],
                                                       r["median_ms"]))
    for op, xl in (("transpose", "elements (rows x cols)"), ("sgemm", "M N K")):
        if not series[op]:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            plots = []
            for i, (label, pts) in enumerate(sorted(series[op].items())):
                path = os.path.join(tmp, "%d.dat" % i)
                with open(path, "w") as f:
                    for x, y in sorted(pts):
                        f.write("%g %g\n" % (x, y))
                plots.append("'%s' using 1:2 with linespoints title '%s'" % (path, label))
            png = "%s-%s.png" % (prefix, op)
            script = "\n".join([
                "set terminal pngcairo size 900,600 noenhanced",
                "set output '%s.tmp'" % png,
                "set title '%s: %s, median time against size'" % (title, op),
                "set logscale xy", "set grid", "set key top left",
                "set xlabel '%s'" % xl, "set ylabel 'median time (ms)'",
                "plot " + ", ".join(plots), ""])
            subprocess.run(["gnuplot"], input=script.encode(), check=True)
            os.replace(png + ".tmp", png)
            print("plot: %s" % png, file=sys.stderr)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    args = sys.argv[2:]
    flops = [r["gflops"] for n in ("sgemm.jsonl", "sgemm-scaling.jsonl") for r in load(out, n)
             if r.get("gflops")]
    if flops and max(flops) < 1000:
        UNIT[:] = [1.0, "GFLOP/s"]
    env = os.path.join(out, "env.txt")
    if os.path.exists(env):
        print("```")
        print(open(env).read().rstrip())
        print("```")
        print()
    print("### Transpose, f32\n")
    transpose_table(out)
    print("### sgemm\n")
    matmul_table(out, "sgemm.jsonl", "tuned-sgemm.jsonl")
    print("### dgemm\n")
    matmul_table(out, "dgemm.jsonl")
    print("### Scaling\n")
    scaling_table(out)
    fc = os.path.join(out, "first-call.txt")
    if os.path.exists(fc):
        print("### First call in a new process\n")
        print("```")
        print(open(fc).read().rstrip())
        print("```")
    if "--plot" in args:
        prefix = args[args.index("--plot") + 1]
        title = args[args.index("--title") + 1] if "--title" in args else "libtiledxform"
        plot(out, prefix, title)


if __name__ == "__main__":
    main()
