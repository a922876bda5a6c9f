import json, math, gzip
exec(open('replay.py').read().split("meas = collections")[0])
cal = {'C128': (3200, 3200, 2048), 'C64': (5760, 2880, 2048), 'M96': (2976, 3072, 2048), 'N96': (3072, 2976, 2048), 'Q96': (2976, 2976, 2048)}
t = {}
for l in gzip.open('fit-pad.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
    s = (x['m'], x['n'], x['k'])
    if cal.get(x['set']) == s:
        t[x['set']] = min(t.get(x['set'], 1e9), x['min_ms'] * 1e-3)
for name, s in cal.items():
    c = dict(B[name]); lo, hi = math.log(0.25), math.log(4)
    for i in range(60):
        mid = (lo + hi) / 2; cc = dict(c); cc['rate'] *= math.exp(mid); cc['rate1'] *= math.exp(mid)
        if model_time(cc, *s, packed=False) > t[name]: lo = mid
        else: hi = mid
    print(name, s, '%.3f ms' % (t[name] * 1e3), 'scale %.3f' % math.exp((lo + hi) / 2))
