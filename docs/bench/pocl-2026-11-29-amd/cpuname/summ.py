# Auto transposes against the copy with POCL's default code generation (skylake-avx512) and with
# POCL_LLVM_CPU_NAME=icelake-server (VBMI, VBMI2), fastest median of three rounds each; and f32 products.
import gzip, json, os, statistics as st
d = os.path.dirname(os.path.abspath(__file__))
t, cp = {}, {}
for l in gzip.open(os.path.join(d, 'tr.jsonl.gz'), 'rt'):
    x = json.loads(l)
    if x.get('impl') not in ('txf', 'copy') or x.get('median_ms') is None:
        continue
    key = (x['cpu'], x['dtype'], x['rows'], x['cols'])
    if x['impl'] == 'copy':
        cp.setdefault(key, []).append(x['median_ms'])
    elif x.get('check') == 'OK':
        t.setdefault(key, []).append(x['median_ms'])
for lo, what in ((0, 'all shapes'), (1 << 18, 'from 256 KiB')):
    print('== %s: of copy, median default / icelake-server, under 0.5, and icelake-server speed over default' % what)
    for dt in ('u1', 'u2', 'f4', 'f8'):
        size = {'u1': 1, 'u2': 2, 'f4': 4, 'f8': 8}[dt]
        r = {c: {k[2:]: min(cp[k]) / min(v) for k, v in t.items() if k[0] == c and k[1] == dt}
             for c in ('default', 'icelake-server')}
        ks = [k for k in r['default'] if k in r['icelake-server'] and k[0] * k[1] * size >= lo]
        a = [r['default'][k] for k in ks]
        b = [r['icelake-server'][k] for k in ks]
        sp = [y / x for x, y in zip(a, b)]
        print('%s %2d shapes: %.3f / %.3f, under 0.5 %d / %d; speed geomean %.3f (%.2f-%.2f)'
              % (dt, len(ks), st.median(a), st.median(b), sum(x < 0.5 for x in a), sum(x < 0.5 for x in b),
                 st.geometric_mean(sp), min(sp), max(sp)))
m = {}
for l in open(os.path.join(d, 'mm.jsonl')):
    x = json.loads(l)
    if x.get('impl') == 'txf' and x.get('check') == 'OK':
        m.setdefault((x['m'], x['n'], x['k']), {}).setdefault(x['cpu'], []).append(x['median_ms'])
print('== f32 products, ms: default / icelake-server')
for k, v in m.items():
    print('%dx%dx%d %.3f / %.3f' % (k + (min(v['default']), min(v['icelake-server']))))
