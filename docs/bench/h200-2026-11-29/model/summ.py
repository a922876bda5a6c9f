# summ.py DIR: old and new auto per product (best of two rounds, median_ms), changed choices, and cuBLAS
import gzip, json, math, sys
D = sys.argv[1]
T = {}
for l in open(D + '/torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'])] = x['ms']
best, ch, bad = {}, {}, 0
for l in gzip.open(D + '/mdl.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('op') != 'matmul' or x['impl'] != 'txf': continue
    if x.get('check') != 'OK': bad += 1; continue
    k = (x['v'], x['m'], x['n'], x['k'])
    best[k] = min(best.get(k, 1e9), x['median_ms'])
    p = x['params']; ch[k] = '%s %dx%d ks%d' % (x['chosen'], p['mwg'], p['nwg'], p['ksplit'])
def g(v): return math.exp(sum(map(math.log, v)) / len(v))
med = lambda v: sorted(v)[len(v) // 2]
ks = sorted(k[1:] for k in best if k[0] == 'new' and ('old',) + k[1:] in best)
changed = [k for k in ks if ch[('old',) + k] != ch[('new',) + k]]
same = [k for k in ks if k not in changed]
print('not OK', bad, '; products', len(ks), '; choice changed on', len(changed))
r = [best[('old',) + k] / best[('new',) + k] for k in changed]
print('changed: old/new time geo %.3f min %.2f max %.2f' % (g(r), min(r), max(r)))
r = [best[('old',) + k] / best[('new',) + k] for k in same]
print('unchanged: old/new time geo %.3f (the runs\' spread)' % g(r))
for k in changed:
    print('  %5dx%5dx%5d old %-22s %.4f  new %-22s %.4f  %.2fx  of cuBLAS %.2f -> %.2f' % (k + (ch[('old',) + k], best[('old',) + k], ch[('new',) + k], best[('new',) + k], best[('old',) + k] / best[('new',) + k], T[k] / best[('old',) + k], T[k] / best[('new',) + k])))
for name, f in (('m, n, k >= 1024', lambda k: min(k) >= 1024), ('all', lambda k: True)):
    sel = [k for k in ks if f(k) and k in T]
    o = [T[k] / best[('old',) + k] for k in sel]; n = [T[k] / best[('new',) + k] for k in sel]
    print('%s (%d): of cuBLAS old median %.3f min %.2f, new median %.3f min %.2f' % (name, len(sel), med(o), min(o), med(n), min(n)))
