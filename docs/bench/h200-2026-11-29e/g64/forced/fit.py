import gzip, json, math, collections, sys
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
meas = collections.defaultdict(dict)
for l in gzip.open('fit.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
    meas[x['set']][(x['m'], x['n'], x['k'])] = x['median_ms'] * 1e-3
def err(c, name):
    return [math.log(model_time(c, *s, packed=True) / t) for s, t in meas[name].items()]
def stats(e):
    e = sorted(e); return 'n %d mean %+.3f rms %.3f min %+.3f max %+.3f' % (len(e), sum(e)/len(e), math.sqrt(sum(x*x for x in e)/len(e)), e[0], e[-1])
BUILT = {'C128p': dict(mwg=128, nwg=128, kwg=16, pkwg=8, rate=290e9, rate1=261e9, slots=2, packed=1.19),
         'C64p': dict(mwg=128, nwg=64, kwg=16, pkwg=8, rate=250e9, rate1=238e9, slots=2, packed=1.18)}
for nm, c in BUILT.items(): print('built', nm, stats(err(c, nm)))
def fit(name, mwg, nwg, slots_list):
    best = None
    for slots in slots_list:
        for rate in [x * 5e9 for x in range(40, 100)]:
            for r1 in [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0]:
                c = dict(mwg=mwg, nwg=nwg, kwg=8, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1.0)
                e = err(c, name); s = sum(x * x for x in e)
                if best is None or s < best[0]: best = (s, rate, r1, slots)
    s, rate, r1, slots = best
    c = dict(mwg=mwg, nwg=nwg, kwg=8, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1.0)
    print('fit', name, 'rate %.0fe9 r1 %.2f slots %d' % (rate / 1e9, r1, slots), stats(err(c, name)))
    return c
f128 = fit('C128p', 128, 128, [2]); f64 = fit('C64p', 128, 64, [2])
r128 = f128['rate'] / (290e9 * 1.19); r64 = f64['rate'] / (250e9 * 1.18)
print('fit over built (packed rates): 128x128 %.3f 128x64 %.3f' % (r128, r64))
for nm, mwg, nwg, sl in [('P64s', 64, 64, [4, 6, 8, 10, 12, 16]), ('P6412', 64, 128, [2, 3, 4, 5, 6]), ('P1264', 128, 64, [2, 3, 4, 5, 6]), ('P64a', 64, 64, [3, 4, 5, 6, 8])]:
    fit(nm, mwg, nwg, sl)
print('---- wide')
for nm, mwg, nwg, sl in [('P64s', 64, 64, [2,3,4,5,6,7,8,10,12,16,24,32])]:
    best = None
    for slots in sl:
        for rate in [x * 5e9 for x in range(40, 100)]:
            for r1 in [0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.5,0.6,0.7,0.8,0.9,1.0]:
                c = dict(mwg=mwg, nwg=nwg, kwg=8, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1.0)
                e = err(c, nm); s = sum(x * x for x in e)
                if best is None or s < best[0]: best = (s, rate, r1, slots)
        s, rate, r1, slots2 = best
    for slots in sl:
        bb=None
        for rate in [x * 5e9 for x in range(40, 100)]:
            for r1 in [0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.5,0.6,0.7,0.8,0.9,1.0]:
                c = dict(mwg=mwg, nwg=nwg, kwg=8, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1.0)
                e = err(c, nm); s = sum(x * x for x in e)
                if bb is None or s < bb[0]: bb = (s, rate, r1)
        c = dict(mwg=mwg, nwg=nwg, kwg=8, pkwg=8, rate=bb[1], rate1=bb[1] * bb[2], slots=slots, packed=1.0)
        print(nm, 'slots', slots, 'rate %.0fe9 r1 %.2f' % (bb[1]/1e9, bb[2]), stats(err(c, nm)))
