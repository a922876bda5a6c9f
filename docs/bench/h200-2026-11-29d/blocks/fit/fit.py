import gzip, json, math, itertools, collections
cus = 132
E = dict(launch_s=16e-6, slice_launch_s=2e-6, sum_bytes_s=3e12, pack_bytes_s=6e12, round_s=2e-6, lone=4e10, clip=3e12)
def model_time(c, m, n, k, packed, sl=1, elem=4):
    mwg, nwg, kwg = c['mwg'], c['nwg'], (c['pkwg'] if packed else c['kwg'])
    blocks = math.ceil(m / mwg) * math.ceil(n / nwg)
    steps = math.ceil(math.ceil(k / kwg) / sl)
    w = 2.0 * mwg * nwg * steps * kwg
    groups = math.ceil(blocks * sl / cus)
    rounds = math.floor(groups / c['slots']); rest = groups - rounds * c['slots']
    f = c['packed'] if packed else 1.0
    t = E['launch_s'] + rounds * c['slots'] * w / (c['rate'] * f)
    if rest > 0: t += max(rest * w / (c['rate'] * f), w / (c['rate1'] * f))
    t += groups / c['slots'] * E['round_s']
    if c['slots'] == 1: t += groups * mwg * nwg * elem / E['lone']
    if sl > 1: t += E['slice_launch_s'] + (sl + 1.0) * m * n * elem / E['sum_bytes_s']
    if packed:
        copy_b = (n % nwg != 0) or (k % kwg != 0)
        t += (1 + copy_b) * E['slice_launch_s'] + 2.0 * elem * (m * k + copy_b * k * n) / E['pack_bytes_s']
        c_vec = (n * elem) % 16 == 0 and k <= 1024
        if c_vec and (m % mwg or n % nwg): t += m * n * elem / E['clip']
    return t
SETS = {'C128': dict(mwg=128, nwg=128, kwg=16, pkwg=8, rate=290e9, rate1=261e9, slots=2, packed=1.19),
        'C64': dict(mwg=128, nwg=64, kwg=16, pkwg=8, rate=250e9, rate1=238e9, slots=2, packed=1.18)}
meas = collections.defaultdict(dict)
def load(f):
    for l in gzip.open(f, 'rt'):
        x = json.loads(l)
        if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
        key = (x['set'], x['strategy'] == 'padcopy')
        s = (x['m'], x['n'], x['k'])
        meas[key][s] = min(meas[key].get(s, 1e9), x['median_ms'] * 1e-3)
load('fit-padcopy.jsonl.gz'); load('fit-pad.jsonl.gz')
for k, v in sorted(meas.items()): print(k, len(v))
def err(c, key, shapes=None):
    d = meas[key]; e = []
    for s, t in d.items():
        if shapes and s not in shapes: continue
        e.append(math.log(model_time(c, *s, packed=key[1]) / t))
    return e
def stats(e):
    e = sorted(e); return 'n %d mean %+.3f rms %.3f min %+.3f max %+.3f' % (len(e), sum(e)/len(e), math.sqrt(sum(x*x for x in e)/len(e)), e[0], e[-1])
for name in SETS:
    for pk in (False, True):
        print('as built', name, 'packed' if pk else 'pad', stats(err(SETS[name], (name, pk))))
# fit rate, rate1 (unpacked) and packed for each set on this data
def fit(name, mwg, nwg, slots=2):
    best = None
    for rate in [x * 5e9 for x in range(36, 80)]:
        for r1 in [0.8, 0.85, 0.9, 0.95, 1.0]:
            c = dict(mwg=mwg, nwg=nwg, kwg=16, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1)
            e = err(c, (name, False)); s = sum(x * x for x in e)
            if best is None or s < best[0]: best = (s, rate, r1)
    _, rate, r1 = best
    bp = None
    for pk in [1 + x * 0.01 for x in range(0, 60)]:
        c = dict(mwg=mwg, nwg=nwg, kwg=16, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=pk)
        e = err(c, (name, True)); s = sum(x * x for x in e)
        if bp is None or s < bp[0]: bp = (s, pk)
    c = dict(mwg=mwg, nwg=nwg, kwg=16, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=bp[1])
    print('fit %-5s rate %.0fe9 rate1 %.0fe9 packed %.2f | pad %s | packed %s' % (name, rate / 1e9, rate * r1 / 1e9, bp[1], stats(err(c, (name, False))), stats(err(c, (name, True)))))
    return c
F = {}
for name, mwg, nwg in [('C128', 128, 128), ('C64', 128, 64), ('M96', 96, 128), ('N96', 128, 96), ('Q96', 96, 96)]:
    F[name] = fit(name, mwg, nwg)
json.dump(F, open('fitted.json', 'w'), indent=1)
