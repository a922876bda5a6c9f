exec(open('jfit.py').read().split("res = []")[0])
def mt(c, m, n, k, ks):
    t = model_time(c, m, n, k, True, sl=ks)
    blocks = math.ceil(m / 64) * math.ceil(n / 64)
    return t + math.ceil(blocks * ks / cus) * c['g']
def rms2(c, P=pts):
    e = [math.log(mt(c, m, n, k, ks) / t) for m, n, k, ks, t in P]
    return math.sqrt(sum(x * x for x in e) / len(e)), sum(e) / len(e), min(e), max(e)
res = []
for slots in (6, 8, 10, 16):
    for rate in [x * 5e9 for x in range(60, 80)]:
        for r1 in (0.15, 0.2, 0.25, 0.3, 0.35, 0.4):
            for gs in (0, 0.5e-6, 1e-6, 1.5e-6, 2e-6, 2.5e-6, 3e-6):
                c = dict(mwg=64, nwg=64, kwg=8, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1.0, g=gs)
                res.append((rms2(c), slots, rate, r1, gs))
res.sort()
for r in res[:10]: print('rms %.3f mean %+.3f min %+.3f max %+.3f' % r[0], 'slots %d rate %.0fe9 r1 %.2f g %.1fus' % (r[1], r[2] / 1e9, r[3], r[4] * 1e6))
for slots in (6, 8, 10, 16):
    b = min(r for r in res if r[1] == slots); print('best at slots', slots, '%.3f' % b[0][0], b[2] / 1e9, b[3], b[4])
