import json, math, gzip, collections
exec(open('fit.py').read().split("SETS = {")[0])  # model_time, E, cus
B = {'C128': dict(mwg=128, nwg=128, kwg=16, pkwg=8, rate=290e9, rate1=261e9, slots=2, packed=1.19),
     'C64': dict(mwg=128, nwg=64, kwg=16, pkwg=8, rate=250e9, rate1=238e9, slots=2, packed=1.18),
     'M96': dict(mwg=96, nwg=128, kwg=16, pkwg=8, rate=272e9, rate1=231e9, slots=2, packed=1.17),
     'N96': dict(mwg=128, nwg=96, kwg=16, pkwg=8, rate=263e9, rate1=224e9, slots=2, packed=1.25),
     'Q96': dict(mwg=96, nwg=96, kwg=16, pkwg=8, rate=263e9, rate1=224e9, slots=2, packed=1.12)}
meas = collections.defaultdict(dict)
for f in ['fit-padcopy.jsonl.gz', 'fit-pad.jsonl.gz']:
    for l in gzip.open(f, 'rt'):
        x = json.loads(l)
        if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
        s = (x['m'], x['n'], x['k']); key = (x['set'], x['strategy'] == 'padcopy')
        meas[s][key] = min(meas[s].get(key, 1e9), x['median_ms'])
def replay(names, verbose=False):
    loss, picks = [], {}
    for s, v in meas.items():
        opts = [o for o in v if o[0] in names]
        if len(opts) < 2 * len(names): continue
        pick = min(opts, key=lambda o: model_time(B[o[0]], *s, packed=o[1]))
        best = min(v[o] for o in opts)
        loss.append(v[pick] / best); picks[s] = (pick, v[pick])
    g = math.exp(sum(map(math.log, loss)) / len(loss))
    return g, max(loss), picks
old = replay(['C128', 'C64']); new = replay(['C128', 'C64', 'M96', 'N96', 'Q96'])
print('old sets: pick/best %.4f max %.3f; new: %.4f max %.3f' % (old[0], old[1], new[0], new[1]))
r = [old[2][s][1] / new[2][s][1] for s in new[2]]
ch = [(s, old[2][s], new[2][s]) for s in new[2] if old[2][s][0] != new[2][s][0]]
print('old pick time / new pick time: geomean %.4f over %d, changed %d: geomean %.4f min %.3f max %.3f' % (
    math.exp(sum(map(math.log, r)) / len(r)), len(r), len(ch),
    math.exp(sum(math.log(o[1] / nn[1]) for s, o, nn in ch) / max(1, len(ch))),
    min(o[1] / nn[1] for s, o, nn in ch), max(o[1] / nn[1] for s, o, nn in ch)))
for s, o, nn in sorted(ch):
    print('  %-16s %s -> %s  %.3f' % ('x'.join(map(str, s)), o[0], nn[0], o[1] / nn[1]))
