# Forced sets (run.sh) per product: the fastest median of two rounds, ms, and cuBLAS's time over each.
# M1: 128 x 128 x 16, register-staged (lbuf 1); S3 / S4: 128 x 128 x 8 through 3 / 4 cp.async stages.
import gzip, json, statistics as st, sys, os
d = os.path.dirname(os.path.abspath(__file__))
t = {}
for l in gzip.open(os.path.join(d, 'stg.jsonl.gz'), 'rt'):
    x = json.loads(l)
    if x.get('check') != 'OK':
        continue
    tag = x['set'] + ('-' + x['strategy'][:4] if x['set'] != 'auto' else '')
    t.setdefault((x['m'], x['n'], x['k']), {}).setdefault(tag, []).append(x['median_ms'])
cb = {}
for l in open(os.path.join(d, 'torch.jsonl')):
    x = json.loads(l)
    cb[(x['m'], x['n'], x['k'])] = x['ms']
tags = ['M1-pad', 'S3-pad', 'S4-pad', 'M1-padc', 'S3-padc', 'S4-padc', 'auto']
print('shape'.ljust(18) + ' '.join(s.rjust(8) for s in tags) + '   cuBLAS   ratios of cuBLAS')
r = {s: [] for s in tags}
for key in sorted(t, key=lambda k: k[0] * k[1] * k[2]):
    d_ = t[key]
    row = [min(d_[s]) for s in tags]
    for s, v in zip(tags, row):
        r[s].append(cb[key] / v)
    print(('%dx%dx%d' % key).ljust(18) + ' '.join(('%.3f' % v).rjust(8) for v in row) +
          '  %.3f  ' % cb[key] + ' '.join('%.2f' % (cb[key] / v) for v in row))
for s in tags:
    print('%-8s of cuBLAS median %.3f geomean %.3f (%d)' % (s, st.median(r[s]), st.geometric_mean(r[s]), len(r[s])))
q = [min(t[k]['M1-padc']) / min(t[k]['S3-padc']) for k in t]
print('M1-padc / S3-padc time: median %.3f, %.3f to %.3f' % (st.median(q), min(q), max(q)))
q = [min(t[k]['M1-pad']) / min(t[k]['S3-padc']) for k in t]
print('M1-pad / S3-padc time: median %.3f, %.3f to %.3f' % (st.median(q), min(q), max(q)))
