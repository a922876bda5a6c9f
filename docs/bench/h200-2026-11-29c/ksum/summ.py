# K slices summed in the product's launch (ksum 2) against a launch of their own (ksum 1): the forced 128 x 128 x 8
# three-stage set packed, per product and count of slices (three kernel versions, one call each); auto with ksum
# forced to 1 and 2; cuBLAS (PyTorch, TF32 off) from the first call.
import gzip, json, os, statistics as st
d = os.path.dirname(os.path.abspath(__file__))
cb = {}
for l in open(os.path.join(d, 'torch.jsonl')):
    x = json.loads(l)
    cb[(x['m'], x['n'], x['k'])] = x['ms']
names = {'forced.jsonl.gz': 'v1: the sums read through volatile pointers, an element at a time',
         'forced2.jsonl.gz': 'v2: plain loads after the fence, runs of 4 columns a work-item',
         'forced3.jsonl.gz': "v3: v2, and a block's slices neighbours in launch order"}
for f, what in names.items():
    t = {}
    for l in gzip.open(os.path.join(d, f), 'rt'):
        x = json.loads(l)
        if x.get('impl') != 'txf' or 'm' not in x or x.get('check') != 'OK':
            continue
        t.setdefault((x['m'], x['n'], x['k']), {})[(x['ks'], x['ksum'])] = x['median_ms']
    print('== %s: ms with ksum 1 / ksum 2 (ksum 1 over ksum 2) per count of slices; of cuBLAS, the best of each' % what)
    allr, best = [], []
    for k, v in t.items():
        row = '%5dx%5dx%5d 1: %.3f' % (k + (v[(1, 1)],))
        for ks in (2, 3, 4, 6, 8):
            a, b = v[(ks, 1)], v[(ks, 2)]
            row += ' | %d: %.3f %.3f (%.3f)' % (ks, a, b, a / b)
            allr.append(a / b)
        b1 = min(x for (s, u), x in v.items() if u == 1)
        b2 = min(v.values())
        best.append(b1 / b2)
        row += ' | cuBLAS %.3f: %.2f %.2f' % (cb[k], cb[k] / b1, cb[k] / b2)
        print(row)
    print('ksum 1 time over ksum 2: geomean %.3f, %.3f to %.3f; best of every count with ksum 2 over without: geomean %.3f, at most %.3f\n'
          % (st.geometric_mean(allr), min(allr), max(allr), st.geometric_mean(best), max(best)))
t = {}
for l in gzip.open(os.path.join(d, 'mdl.jsonl.gz'), 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or x.get('check') != 'OK':
        continue
    t.setdefault((x['m'], x['n'], x['k']), {}).setdefault(x['v'], []).append(x['median_ms'])
r, big, rr = [], [], []
for k, v in t.items():
    a, b = min(v['1']), min(v['2'])
    r.append(cb[k] / a)
    rr.append(a / b)
    if min(k) >= 1024:
        big.append(cb[k] / a)
print('== auto (v1), fastest of two rounds: ksum 1 time over ksum 2 geomean %.3f, %.3f to %.3f' % (st.geometric_mean(rr), min(rr), max(rr)))
print('auto with ksum 1 (the tree as it is), of cuBLAS, %d products: median %.3f, min %.3f; m, n, k >= 1024 (%d): median %.3f, min %.3f, under 0.9: %d'
      % (len(r), st.median(r), min(r), len(big), st.median(big), min(big), sum(x < 0.9 for x in big)))
