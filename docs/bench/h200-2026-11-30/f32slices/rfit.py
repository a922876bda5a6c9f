# rfit.py: the f32 cost model's picks among the three forced sets (built-in values), then the values that lose least.
import gzip, json, math, collections
exec(open('../f64/forced/fit.py').read().split('meas = collections')[0].replace("mwg, nwg, kwg = c['mwg'], c['nwg'], 8", "mwg, nwg, kwg = c['mwg'], c['nwg'], 8").replace('elem=8', 'elem=4'))
meas = collections.defaultdict(dict)
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or x.get('check') != 'OK' or x['set'] == 'auto': continue
    meas[(x['m'], x['n'], x['k'])][(x['set'], x['ks'])] = x['median_ms'] * 1e-3
B = {'C128p': dict(mwg=128, nwg=128, rate=290e9, rate1=261e9, slots=2, packed=1.19),
     'C64p': dict(mwg=128, nwg=64, rate=250e9, rate1=238e9, slots=2, packed=1.18),
     'P64s': dict(mwg=64, nwg=64, rate=315e9, rate1=94.5e9, slots=8, packed=1.0)}
def loss(C, detail=False):
    tot = 0; out = []
    for s, r in meas.items():
        if s[0] * s[1] * s[2] < 1e9: pass
        bt = min(r.values()); best = None
        for (nm, ks), t in r.items():
            if nm == 'P64s' and s[0]*s[1]*s[2] < 1e9: continue
            est = model_time(C[nm], *s, packed=True, sl=ks)
            if best is None or est < best[0]: best = (est, t, nm, ks)
        tot += math.log(best[1] / bt); out.append((best[1] / bt, s, best[2], best[3]))
    return math.exp(tot / len(meas)), sorted(out, reverse=True)
l, o = loss(B); print('built %.4f' % l, [('%.2f' % a, b, c, d) for a, b, c, d in o[:6]])
def stats(e):
    e = sorted(e); return 'n %d mean %+.3f rms %.3f' % (len(e), sum(e)/len(e), math.sqrt(sum(x*x for x in e)/len(e)))
for nm, c in B.items():
    e = [math.log(model_time(c, *s, packed=True, sl=ks) / t) for s, r in meas.items() for (n2, ks), t in r.items() if n2 == nm]
    print(nm, stats(e))
import copy
C = copy.deepcopy(B); cur = l
for it in range(8):
    imp = False
    for nm in C:
        for key, mults in (('rate', [0.97, 1.03]), ('rate1', [0.85, 1.15]), ('slots', [-1, 1]), ('packed', [0.97, 1.03])):
            if nm == 'P64s' and key == 'packed': continue
            for mu in mults:
                d = dict(C[nm])
                if key == 'slots': d['slots'] = max(1, d['slots'] + mu)
                else: d[key] *= mu
                if key == 'rate': d['rate1'] *= mu
                C2 = dict(C); C2[nm] = d
                l2, _ = loss(C2)
                if l2 < cur - 1e-4: cur = l2; C = C2; imp = True
    print(it, '%.4f' % cur, {n: (round(c['rate']/1e9), round(c['rate1']/1e9, 1), c['slots'], round(c['packed'], 3)) for n, c in C.items()})
    if not imp: break
l, o = loss(C); print('fitted %.4f' % l, [('%.2f' % a, b, c, d) for a, b, c, d in o[:6]])
