# replay.py: the fitted model picks among the forced forms; its pick against the fastest and auto.
import json, math, sys
exec(open('fit.py').read().split('import sys')[0])
F = json.load(open('fitted.json'))
def replay(c128, c64, from64=0, note=''):
    ra, rb, rauto, worst = [], [], [], []
    for s, r in meas.items():
        cands = []
        for (nm, ks), t in r.items():
            if nm == 'auto': continue
            if nm == 'D64p':
                if s[0]*s[1]*s[2] < from64: continue
                est = model_time(c64, *s, packed=True, sl=ks)
            else:
                est = model_time(c128, *s, packed=(nm == 'D128p'), sl=ks)
            cands.append((est, t, nm, ks))
        pick = min(cands); best = min(x[1] for x in cands)
        ra.append(pick[1] / best); rauto.append(r[('auto', 0)] / pick[1]); rb.append(T[s] / pick[1])
        worst.append((pick[1] / best, s, pick[2], pick[3]))
    g = lambda v: math.exp(sum(math.log(x) for x in v) / len(v))
    worst.sort(reverse=True)
    print(note, 'pick/best %.3f  speedup over auto %.3f  of cuBLAS %.3f min %.3f' % (g(ra), g(rauto), g(rb), min(rb)), ' worst', ['%.2f %s %s%d' % w for w in worst[:4]])
replay(F['c128'], F['c64'], 0, 'fitted')
for fr in [1e9, 2e9, 4e9]:
    replay(F['c128'], F['c64'], fr, 'from %.0e' % fr)
