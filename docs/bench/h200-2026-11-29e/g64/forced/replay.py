exec(open('fit.py').read().split("BUILT =")[0])
import sys
x = collections.defaultdict(dict)
for l in gzip.open('x.jsonl.gz', 'rt'):
    r = json.loads(l)
    if r.get('impl') != 'txf' or r.get('check') != 'OK' or r['set'] == 'auto': continue
    x[(r['m'], r['n'], r['k'])][(r['set'], r['ks'])] = r['median_ms'] * 1e-3
for s, t in meas['P64s'].items():
    for nm in ('C128p', 'C64p', 'P64s'):
        if s in meas[nm]: x[s][(nm, 1)] = meas[nm][s]
cb = {}
for l in open('torch.jsonl'):
    r = json.loads(l); cb[(r['m'], r['n'], r['k'])] = r['ms'] * 1e-3
def sets(p64):
    S = {'C128p': dict(mwg=128, nwg=128, kwg=16, pkwg=8, rate=290e9, rate1=261e9, slots=2, packed=1.19),
         'C64p': dict(mwg=128, nwg=64, kwg=16, pkwg=8, rate=250e9, rate1=238e9, slots=2, packed=1.18)}
    if p64: S['P64s'] = p64
    return S
def replay(S, label):
    lo = []; ch = 0; out = []
    for s, d in x.items():
        cand = [(model_time(S[nm], *s, packed=True, sl=ks), nm, ks) for (nm, ks) in d if nm in S]
        if not cand: continue
        _, nm, ks = min(cand)
        best = min(v for (n2, k2), v in d.items() if n2 in S)
        lo.append(d[(nm, ks)] / best)
        out.append((s, nm, ks, d[(nm, ks)]))
    g = math.exp(sum(map(math.log, lo)) / len(lo))
    print('%-28s pick/best geo %.4f  >5%% slower on %d of %d' % (label, g, sum(1 for v in lo if v > 1.05), len(lo)))
    return {o[0]: o for o in out}
base = replay(sets(None), 'old sets')
for slots, rate, r1 in [(8, 315e9, 0.3), (4, 348e9, 0.25), (6, 325e9, 0.3), (8, 315e9, 0.25), (8, 330e9, 0.3), (16, 311e9, 0.3)]:
    new = replay(sets(dict(mwg=64, nwg=64, kwg=8, pkwg=8, rate=rate, rate1=rate*r1, slots=slots, packed=1.0)), 'P64s s%d r%.0f r1 %.2f' % (slots, rate/1e9, r1))
    r = [base[s][3] / new[s][3] for s in new]
    print('    new pick over old pick: geo %.4f min %.3f max %.3f; P64s picked on %d' % (math.exp(sum(map(math.log, r))/len(r)), min(r), max(r), sum(1 for s in new if new[s][1]=='P64s')))
