import gzip, json, math, itertools, sys
cus = 132
E = dict(launch_s=16e-6, slice_launch_s=2e-6, sum_bytes_s=3e12, round_s=2e-6, lone=4e10, clip=3e12)
SETS = {'M': dict(mwg=128, nwg=128, kwg=16, rate=290e9, rate1=261e9, slots=2, packed=1.05),
        'S': dict(mwg=128, nwg=64, kwg=16, rate=250e9, rate1=238e9, slots=2, packed=0),
        'L': dict(mwg=256, nwg=128, kwg=32, rate=240e9, rate1=240e9, slots=1, packed=1.32)}
def model_time(c, m, n, k, sl, packed, E, elem=4):
    blocks = math.ceil(m / c['mwg']) * math.ceil(n / c['nwg'])
    steps = math.ceil(math.ceil(k / c['kwg']) / sl)
    kw = steps * c['kwg']
    w = 2.0 * c['mwg'] * c['nwg'] * kw
    groups = math.ceil(blocks * sl / cus)
    per_cu = groups
    rounds = math.floor(per_cu / c['slots'])
    rest = per_cu - rounds * c['slots']
    f = c['packed'] if packed else 1.0
    t = E['launch_s'] + rounds * c['slots'] * w / (c['rate'] * f)
    if rest > 0:
        t += max(rest * w / (c['rate'] * f), w / (c['rate1'] * f))
    t += groups / c['slots'] * E['round_s']
    if c['slots'] == 1:
        t += per_cu * c['mwg'] * c['nwg'] * elem / E['lone']
    if sl > 1:
        t += E['slice_launch_s'] + (sl + 1.0) * m * n * elem / E['sum_bytes_s']
    if packed:
        copy_b = (n % c['nwg'] != 0) or (k % c['kwg'] != 0)
        t += (1 + copy_b) * E['slice_launch_s'] + 2.0 * elem * (m * k + copy_b * k * n) / E['pack_bytes_s']
    c_vec = (n * elem) % 16 == 0 and k <= 1024
    if packed and c_vec and (m % c['mwg'] or n % c['nwg']):
        t += m * n * elem / E['clip']
    return t
meas = {}
auto = {}
for f in sys.argv[1:]:
    for l in gzip.open(f, 'rt'):
        x = json.loads(l)
        if 'm' not in x: continue
        s = (x['m'], x['n'], x['k'])
        if x['tag'] == 'auto':
            auto[s] = x['median_ms']; continue
        name, st, ks = x['tag'].split('-')
        meas.setdefault(s, {})[(name, st == 'padcopy', int(ks))] = x['median_ms']
def evaluate(E, SETS, verbose=False):
    losses = []
    for s, v in meas.items():
        m, n, k = s
        best = min(v.values())
        pick = min(v, key=lambda key: model_time(SETS[key[0]], m, n, k, key[2], key[1], E))
        losses.append(v[pick] / best)
        if verbose: print(s, pick, '%.3f' % (v[pick] / best), min(v, key=v.get))
    return math.exp(sum(map(math.log, losses)) / len(losses)), max(losses), sum(l > 1.03 for l in losses)
E['pack_bytes_s'] = E['sum_bytes_s']
print('as built: geo %.4f max %.3f over 1.03: %d' % evaluate(E, SETS))
res = []
for pm, pl, pb, rl in itertools.product([1.0, 1.05, 1.08, 1.1, 1.12, 1.15], [1.25, 1.32, 1.4, 1.45, 1.5], [1.5e12, 3e12, 4e12, 6e12], [220e9, 240e9, 260e9]):
    S2 = {k: dict(v) for k, v in SETS.items()}
    S2['M']['packed'] = pm; S2['L']['packed'] = pl; S2['L']['rate'] = S2['L']['rate1'] = rl
    E2 = dict(E); E2['pack_bytes_s'] = pb
    g, mx, over = evaluate(E2, S2)
    res.append((g, mx, over, pm, pl, pb, rl))
res.sort()
for r in res[:12]: print('geo %.4f max %.3f over %d  M.packed %.2f L.packed %.2f pack B/s %.1e L.rate %.0e' % r)

# The H100 data of the packed factors (ks 1, pad and padcopy of three sets)
h100 = {}
for l in gzip.open('docs/bench/h100-2026-11-26/clip/fit/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or x.get('check') != 'OK' or not x['set'].startswith('fit'): continue
    h100.setdefault((x['m'], x['n'], x['k']), {})[({'A': 'M', 'B': 'S', 'C': 'L'}[x['set'][3]], x['strategy'] == 'padcopy', 1)] = x['median_ms']
def evaluate_on(data, E, SETS):
    losses = []
    for s, v in data.items():
        m, n, k = s
        opts = [o for o in v if not (o[1] and not SETS[o[0]]['packed'])]
        best = min(v[o] for o in opts)
        pick = min(opts, key=lambda key: model_time(SETS[key[0]], m, n, k, key[2], key[1], E))
        losses.append(v[pick] / best)
    return math.exp(sum(map(math.log, losses)) / len(losses)), max(losses), sum(l > 1.03 for l in losses), len(losses)
print('H100 fit data, as built: geo %.4f max %.3f over 1.03: %d of %d' % evaluate_on(h100, E, SETS))
print('H200 mm data, as built: geo %.4f max %.3f over 1.03: %d of %d' % evaluate_on(meas, E, SETS))
both = []
for pm, pl, pb, rl in itertools.product([1.0, 1.05, 1.08, 1.1, 1.12], [1.25, 1.32, 1.4, 1.45, 1.5], [2e12, 3e12, 4e12, 6e12], [220e9, 240e9, 260e9]):
    S2 = {k: dict(v) for k, v in SETS.items()}
    S2['M']['packed'] = pm; S2['L']['packed'] = pl; S2['L']['rate'] = S2['L']['rate1'] = rl
    E2 = dict(E); E2['pack_bytes_s'] = pb
    a = evaluate_on(meas, E2, S2); b = evaluate_on(h100, E2, S2)
    both.append((a[0] * b[0], a, b, pm, pl, pb, rl))
both.sort(key=lambda t: t[0])
for t in both[:12]:
    print('H200 geo %.4f (over %d) H100 geo %.4f (over %d of %d)  M.packed %.2f L.packed %.2f pack %.1e L.rate %.0f' % (t[1][0], t[1][2], t[2][0], t[2][2], t[2][3], t[3], t[4], t[5], t[6] / 1e9))
