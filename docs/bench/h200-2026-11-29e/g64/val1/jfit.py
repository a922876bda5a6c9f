exec(open('../forced/fit.py').read().split("meas = collections")[0])
import gzip, json, collections, math
pts = []  # (m,n,k,ks,time_s)
def add(f, setname, key='set'):
    for l in gzip.open(f, 'rt'):
        x = json.loads(l)
        if x.get('impl') != 'txf' or x.get('check') != 'OK': continue
        p = x['params']
        if (key == 'set' and x.get('set') == setname) or (key == 'tree' and x.get('tree') == 'new' and p['mwg'] == 64 and p['nwg'] == 64 and p.get('mdimc') == 8 and x['chosen'] == 'padcopy'):
            pts.append((x['m'], x['n'], x['k'], p['ksplit'], x['median_ms'] * 1e-3))
add('../forced/fit.jsonl.gz', 'P64s'); n1 = len(pts)
add('../forced/x.jsonl.gz', 'P64s'); add('x.jsonl.gz', 'P64s'); n2 = len(pts)
add('val.jsonl.gz', 'new', key='tree')
print('points', n1, n2 - n1, len(pts) - n2)
def rms(c, P=pts):
    e = [math.log(model_time(c, m, n, k, True, sl=ks) / t) for m, n, k, ks, t in P]
    return math.sqrt(sum(x * x for x in e) / len(e)), sum(e) / len(e), min(e), max(e)
res = []
for slots in (4, 6, 8, 10, 12, 16):
    for rate in [x * 5e9 for x in range(56, 80)]:
        for r1 in (0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.35, 0.4):
            c = dict(mwg=64, nwg=64, kwg=8, pkwg=8, rate=rate, rate1=rate * r1, slots=slots, packed=1.0)
            res.append((rms(c), slots, rate, r1))
res.sort()
for r in res[:8]: print('rms %.3f mean %+.3f min %+.3f max %+.3f  slots %d rate %.0fe9 r1 %.3f' % (r[0] + (r[1], r[2], r[3])))
for slots in (6, 8, 10, 16):
    b = min(r for r in res if r[1] == slots); print('best at slots', slots, '%.3f' % b[0][0], b[2] / 1e9, b[3])
c = dict(mwg=64, nwg=64, kwg=8, pkwg=8, rate=335e9, rate1=335e9*0.3, slots=8, packed=1.0)
rows = []
for m, n, k, ks, t in pts[n2:]:
    rows.append((math.log(model_time(c, m, n, k, True, sl=ks) / t), m, n, k, ks, t * 1e6, model_time(c, m, n, k, True, sl=ks) * 1e6))
rows.sort()
seen=set()
for r in rows:
    if r[1:5] in seen: continue
    seen.add(r[1:5])
    print('%+.3f %5dx%5dx%5d ks%-3d meas %8.1f model %8.1f  mnk %.1e blocks/cu %.1f' % (r + (r[1]*r[2]*r[3], math.ceil(r[1]/64)*math.ceil(r[2]/64)*r[4]/132)))
