# plot.py: the surface's pictures with gnuplot (../../h200-surface-*.png): transposes as points at
# (rows, cols) coloured by the ratio to the copy, a panel per element size; products as the ratio to
# cuBLAS against m n k, f32 and f64.
import json, gzip, subprocess, collections, os, tempfile
tr = collections.defaultdict(list)
for l in gzip.open('tr.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') == 'transpose' and x['impl'] == 'txf' and x.get('check') == 'OK':
        tr[x['dtype']].append((x['rows'], x['cols'], x['ratio']))
T = {}
for l in open('../torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'], x['dtype'])] = x['ms']
mm = {}
for f, tree in (('mm.jsonl.gz', None), ('../f64/val/f64.jsonl.gz', 'new')):
    for l in gzip.open(f, 'rt'):
        x = json.loads(l)
        if x.get('op') != 'matmul' or x['impl'] != 'txf' or x.get('check') != 'OK': continue
        if tree and x.get('tree') != tree: continue
        k = (x['m'], x['n'], x['k'], x['dtype'])
        if k in T:
            mm[k] = max(mm.get(k, 0), T[k] / x['median_ms'])
d = tempfile.mkdtemp()
for dt, v in tr.items():
    with open(f'{d}/{dt}.dat', 'w') as f:
        f.writelines(f'{r} {c} {q}\n' for r, c, q in v)
for dt in ('f4', 'f8'):
    with open(f'{d}/mm{dt}.dat', 'w') as f:
        f.writelines(f'{k[0] * k[1] * k[2]} {r}\n' for k, r in mm.items() if k[3] == dt)
order = ['u1', 'u2', 'f4', 'f8', 'c16']
gp = f"""set terminal pngcairo size 1500,900 font ',10'
set output '../../h200-surface-transpose.png'
set multiplot layout 2,3 title 'H200, transpose auto: ratio to the copy of the same process (rows and columns, log)'
set logscale xy
set xrange [1:2000000]; set yrange [1:2000000]
set cbrange [0.6:1.2]
set palette defined (0.6 'red', 0.85 'orange', 0.95 'yellow', 1.05 'green', 1.2 'dark-green')
set xlabel 'rows'; set ylabel 'cols'
"""
for dt in order:
    gp += f"set title '{dt}'\nplot '{d}/{dt}.dat' using 1:2:3 with points pt 7 ps 1.2 palette notitle\n"
gp += """unset multiplot
set output '../../h200-surface-gemm.png'
set terminal pngcairo size 1000,600 font ',10'
unset logscale; set logscale x
set xrange [*:*]; set yrange [0:2]
set xlabel 'm n k'; set ylabel 'cuBLAS time / library time'
set title 'H200, matmul auto against cuBLAS (PyTorch, TF32 off) in the same call'
set key top left
plot 1 with lines dt 2 lc 'gray' notitle, 0.9 with lines dt 3 lc 'gray' notitle, """ + \
      f"'{d}/mmf4.dat' using 1:2 with points pt 7 ps 1 lc 'blue' title 'f32', '{d}/mmf8.dat' using 1:2 with points pt 5 ps 1 lc 'dark-red' title 'f64'\n"
open(f'{d}/p.gp', 'w').write(gp)
subprocess.run(['gnuplot', f'{d}/p.gp'], check=True)
