# fit.py: the cost model (lib/select.c, model_time) for the two f64 sets, fitted to the forced timings (rms).
import gzip, json, math, collections, itertools
cus = 132
E = dict(launch_s=16e-6, slice_launch_s=2e-6, sum_bytes_s=3e12, pack_bytes_s=6e12, round_s=2e-6, lone=4e10, clip=3e12)
def model_time(c, m, n, k, packed, sl=1, elem=8):
    mwg, nwg, kwg = c['mwg'], c['nwg'], 8
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
for l in gzip.open('x.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or 'm' not in x or x.get('check') != 'OK': continue
    meas[(x['m'], x['n'], x['k'])][(x['set'], x['ks'])] = x['median_ms'] * 1e-3
T = {}
for l in open('torch.jsonl'):
    x = json.loads(l); T[(x['m'], x['n'], x['k'])] = x['ms'] * 1e-3
def stats(e):
    e = sorted(e); return 'n %d mean %+.3f rms %.3f min %+.3f max %+.3f' % (len(e), sum(e)/len(e), math.sqrt(sum(x*x for x in e)/len(e)), e[0], e[-1])
def errs(c, sets):
    out = []
    for s, r in meas.items():
        for (nm, ks), t in r.items():
            if nm not in sets: continue
            out.append(math.log(model_time(c, *s, packed=sets[nm], sl=ks) / t))
    return out
def fit(sets, mwg, nwg, slots_list, packs):
    best = None
    for slots in slots_list:
        for rate in [x * 10e9 for x in range(15, 70)]:
            for r1 in [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]:
                for pk in packs:
                    c = dict(mwg=mwg, nwg=nwg, rate=rate, rate1=rate * r1, slots=slots, packed=pk)
                    e = errs(c, sets); s = sum(x * x for x in e)
                    if best is None or s < best[0]: best = (s, c)
    c = best[1]
    print(sets, 'rate %.1fe9 r1 %.2f slots %d packed %.2f' % (c['rate'] / 1e9, c['rate1'] / c['rate'], c['slots'], c['packed']), stats(errs(c, sets)))
    return c
import sys
c128 = fit({'D128u': False, 'D128p': True}, 128, 64, [1, 2, 3, 4, 5, 6, 8], [0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.2])
c64 = fit({'D64p': True}, 64, 64, [2, 3, 4, 5, 6, 8, 10, 12, 16], [1.0])
json.dump({'c128': c128, 'c64': c64}, open('fitted.json', 'w'))
