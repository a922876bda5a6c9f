#!/usr/bin/env python3
"""Draw a performance surface from `txf bench ... --sweep --format json` output.

usage: surface.py transpose OUT.png TITLE FILE.jsonl [FILE.jsonl ...]
       surface.py matmul OUT.png TITLE PEER.jsonl FILE.jsonl [...]

transpose: one panel per element type; each shape is a point at (cols, rows),
its colour the auto row's ratio to the copy of the same bytes.
matmul: each shape a point at (m * n, k), its colour the ratio of the
library's GFLOP/s to the peer's (PEER.jsonl: lines {"m","n","k","ms"}, as
mm_torch.py writes them, or txf bench's own rows of impl blas or clblast),
its size growing with min(m, n); f8 rows in a panel of their own (dgemm).
Needs gnuplot (pngcairo or png terminal)."""
import json, os, subprocess, sys, tempfile


def rows_of(path):
    for line in open(path):
        line = line.strip()
        if line.startswith("{"):
            yield json.loads(line)


def transpose(out, title, files):
    panels = {}
    for f in files:
        copy = {}
        for x in rows_of(f):
            if x.get("op") != "transpose":
                continue
            key = (x["rows"], x["cols"])
            if x["impl"] == "copy":
                copy[key] = x["gbps"]
            elif x["impl"] == "txf" and x.get("check") == "OK" and key in copy:
                panels.setdefault(x["dtype"], []).append((x["cols"], x["rows"], x["gbps"] / copy[key]))
    return panels


def draw(out, title, panels, xlabel, ylabel, cblabel, sized):
    panels = {k: v for k, v in panels.items() if v}
    tmp = tempfile.mkdtemp()
    names = sorted(panels)
    cols = min(3, len(names))
    lines = int((len(names) + cols - 1) / cols)
    script = [
        "set terminal pngcairo size %d,%d font ',10'" % (max(720, 460 * cols), 400 * lines + 40),
        "set output '%s'" % out,
        "set multiplot layout %d,%d title '%s'" % (lines, cols, title.replace("'", "")),
        "set logscale xy", "set xlabel '%s'" % xlabel, "set ylabel '%s'" % ylabel,
        "set cblabel '%s'" % cblabel, "set cbrange [0.4:1.2]",
        "set palette defined (0.4 'red', 0.8 'orange', 0.9 'yellow', 1.0 'green', 1.2 'dark-green')",
        "set grid",
    ]
    for name in names:
        data = os.path.join(tmp, name + ".dat")
        pts = panels[name]
        with open(data, "w") as fh:
            for p in pts:
                fh.write(" ".join(str(v) for v in p) + "\n")
        r = sorted(p[2] for p in pts)
        med = r[len(r) // 2] if len(r) % 2 else (r[len(r) // 2 - 1] + r[len(r) // 2]) / 2
        script.append("set title '%s: %d shapes, median %.2f, min %.2f'" % (name, len(pts), med, r[0]))
        size = "($4)" if sized else "1.2"
        script.append("plot '%s' using 1:2:%s:3 with points pt 7 ps variable lc palette notitle" % (data, size)
                      if sized else
                      "plot '%s' using 1:2:3 with points pt 7 ps 1.2 lc palette notitle" % data)
    script.append("unset multiplot")
    subprocess.run(["gnuplot"], input="\n".join(script), text=True, check=True)


def matmul(out, title, peer_file, files):
    peer = {}
    for x in rows_of(peer_file):
        if "ms" in x:
            peer[(x["m"], x["n"], x["k"], x.get("dtype", "f4"))] = x["ms"]
        elif x.get("op") == "matmul" and x.get("impl") in ("blas", "clblast") and x.get("check") == "OK":
            peer[(x["m"], x["n"], x["k"], x["dtype"])] = x["median_ms"]
    pts = {}
    for f in files:
        for x in rows_of(f):
            if x.get("op") != "matmul" or x.get("impl") != "txf" or x.get("check") != "OK":
                continue
            s = (x["m"], x["n"], x["k"], x["dtype"])
            if s in peer:
                name = "dgemm" if x.get("dtype") == "f8" else "sgemm"
                pts.setdefault(name, []).append(
                    (x["m"] * x["n"], x["k"], peer[s] / x["median_ms"], 0.6 + min(x["m"], x["n"]) / 2000.0))
    return pts


def main():
    if len(sys.argv) < 5 or sys.argv[1] not in ("transpose", "matmul"):
        sys.exit(__doc__)
    kind, out, title = sys.argv[1:4]
    if kind == "transpose":
        draw(out, title, transpose(out, title, sys.argv[4:]), "cols", "rows", "ratio to copy", False)
    else:
        draw(out, title, matmul(out, title, sys.argv[4], sys.argv[5:]), "m x n", "k",
             "ratio to the peer", True)


if __name__ == "__main__":
    main()
