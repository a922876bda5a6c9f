# jfit.py: from the rms fit, the values whose picks lose least against the fastest timing (built in).
import json, math, itertools
exec(open('fit.py').read().split('import sys')[0])
F = json.load(open('fitted.json'))
shapes = list(meas)
def loss(c128, c64):
    tot = 0
    for s in shapes:
        r = meas[s]; best = None; bt = min(t for (nm, ks), t in r.items() if nm != 'auto')
        for (nm, ks), t in r.items():
            if nm == 'auto': continue
            est = model_time(c64, *s, packed=True, sl=ks) if nm == 'D64p' else model_time(c128, *s, packed=(nm == 'D128p'), sl=ks)
            if best is None or est < best[0]: best = (est, t)
        tot += math.log(best[1] / bt)
    return math.exp(tot / len(shapes))
c128, c64 = dict(F['c128']), dict(F['c64'])
cur = loss(c128, c64); print('start', cur)
steps = {'rate': [0.97, 1.03], 'rate1': [0.9, 1.1], 'packed': [0.97, 1.03], 'slots': [-1, 1]}
for it in range(6):
    improved = False
    for which, c in (('c128', c128), ('c64', c64)):
        for key, mults in steps.items():
            if which == 'c64' and key == 'packed': continue
            for mu in mults:
                d = dict(c)
                if key == 'slots': d[key] = max(1, d[key] + mu)
                else: d[key] = d[key] * mu
                if key == 'rate': d['rate1'] = c['rate1'] * mu
                args = (d, c64) if which == 'c128' else (c128, d)
                l = loss(*args)
                if l < cur - 1e-4:
                    cur = l; c.update(d); improved = True
    print(it, '%.4f' % cur, {k: round(v / 1e9, 1) if 'rate' in k else v for k, v in c128.items()}, {k: round(v / 1e9, 1) if 'rate' in k else v for k, v in c64.items()})
    if not improved: break
json.dump({'c128': c128, 'c64': c64}, open('jfit.json', 'w'))
