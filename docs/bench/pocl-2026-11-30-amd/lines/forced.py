# forced.py forced.jsonl.gz: per element size and class of output rows (co: the most of a tile's output lines in one
# L1 set), non-temporal time over ordinary time (above 1: ordinary faster), the median of the two rounds' medians.
import json, collections, sys, gzip
def crowd(pitch, L):
    cnt = collections.Counter((i * pitch // 64) % 64 for i in range(L)); return max(cnt.values())
T = collections.defaultdict(lambda: collections.defaultdict(list)); C = collections.defaultdict(list)
for l in gzip.open(sys.argv[1], 'rt'):
    x = json.loads(l)
    if x.get('op') != 'transpose' or x.get('median_ms') is None: continue
    k = (x['dtype'], x['rows'], x['cols'])
    if x['impl'] == 'copy': C[k].append(x['median_ms'])
    elif x['impl'] == 'txf' and x.get('strategy') == 'pad': T[k][x['st']].append(x['median_ms'])
E = {'u1': 1, 'u2': 2, 'f4': 4, 'f8': 8}
rows = []
for k in T:
    dt, r, c = k; e = E[dt]; L = 64 // e
    mib = r * c * e / 2**20; co = crowd(r * e, L)
    nt, od = min(T[k][1]), min(T[k][-1]); cp = min(C[k])
    rows.append((dt, co, mib, r, c, cp / nt, cp / od, nt / od))
rows.sort()
for dt in E:
    print('==', dt)
    for cls, f in (('co 1', lambda co, L: co == 1), ('co 2-4', lambda co, L: 2 <= co <= 4), ('co 8-32', lambda co, L: 8 <= co < L), ('co L (4 KiB)', lambda co, L: co >= L)):
        sel = [x for x in rows if x[0] == dt and f(x[1], 64 // E[dt])]
        if not sel: continue
        print('  ' + cls + ': ' + ', '.join('%.0fM %.2f' % (x[2], x[7]) for x in sorted(sel, key=lambda x: x[2])))
