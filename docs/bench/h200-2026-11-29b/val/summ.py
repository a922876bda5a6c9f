# auto, the tree before (old, c623751) and this tree (new), fastest median of two rounds each; cuBLAS (PyTorch,
# TF32 off) where its timing finished (its script ran out of time after 94 of the 104 products).
import gzip, json, statistics as st, os
d = os.path.dirname(os.path.abspath(__file__))
t, ch = {}, {}
for l in gzip.open(os.path.join(d, 'mdl.jsonl.gz'), 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or x.get('check') != 'OK':
        continue
    k = (x['m'], x['n'], x['k'])
    t.setdefault(k, {}).setdefault(x['v'], []).append(x['median_ms'])
    p = x['params']
    ch.setdefault(k, {})[x['v']] = '%s %dx%dx%d ks%d L%d' % (x['chosen'][:4], p['mwg'], p['nwg'], p['kwg'], p['ksplit'], p['lbuf'])
cb = {}
for l in open(os.path.join(d, 'torch.jsonl')):
    x = json.loads(l)
    if x['dtype'] == 'f4':
        cb[(x['m'], x['n'], x['k'])] = x['ms']
sp, chg, ro, rn, bo, bn = [], [], [], [], [], []
for k in sorted(t, key=lambda k: k[0] * k[1] * k[2]):
    o, n = min(t[k]['old']), min(t[k]['new'])
    sp.append(o / n)
    if ch[k]['old'] != ch[k]['new']:
        chg.append(o / n)
    c = cb.get(k)
    if c:
        ro.append(c / o); rn.append(c / n)
        if min(k) >= 1024:
            bo.append(c / o); bn.append(c / n)
    print('%5dx%5dx%5d old %.3f new %.3f  x%.3f  cuBLAS %s  %-24s -> %s' % (k + (o, n, o / n, ('%.3f %.2f->%.2f' % (c, c / o, c / n)) if c else '-', ch[k]['old'], ch[k]['new'])))
print('all %d: new / old speed geomean %.3f, %.3f to %.3f; slower on %d' % (len(sp), st.geometric_mean(sp), min(sp), max(sp), sum(s < 1 for s in sp)))
print('choice changed on %d: geomean %.3f, %.3f to %.3f' % (len(chg), st.geometric_mean(chg), min(chg), max(chg)))
print('of cuBLAS (%d): old median %.3f min %.3f; new median %.3f min %.3f' % (len(ro), st.median(ro), min(ro), st.median(rn), min(rn)))
print('m, n, k >= 1024 (%d): old median %.3f min %.3f; new median %.3f min %.3f; under 0.9: old %d new %d' % (len(bo), st.median(bo), min(bo), st.median(bn), min(bn), sum(r < 0.9 for r in bo), sum(r < 0.9 for r in bn)))
