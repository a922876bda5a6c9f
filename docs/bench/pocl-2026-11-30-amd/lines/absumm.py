# absumm.py: auto before (old) and after (new) on outputs on lines; per shape the median over rounds of each
# run's median, the copy of the same process likewise.
import json, collections, math, sys, gzip
f = sys.argv[1] if len(sys.argv) > 1 else 'val.jsonl.gz'
T = collections.defaultdict(lambda: collections.defaultdict(list)); C = collections.defaultdict(lambda: collections.defaultdict(list)); ST = {}
for l in gzip.open(f, 'rt'):
    x = json.loads(l)
    if x.get('op') != 'transpose' or x.get('median_ms') is None: continue
    k = (x['dtype'], x['rows'], x['cols'])
    if x['impl'] == 'copy': C[k][x['tree']].append(x['median_ms'])
    else:
        T[k][x['tree']].append(x['median_ms'])
        ST[(k, x['tree'])] = x['params'].get('stores')
med = lambda v: sorted(v)[len(v) // 2]
g = lambda v: math.exp(sum(math.log(a) for a in v) / len(v))
E = {'u1': 1, 'u2': 2, 'f4': 4, 'f8': 8, 'c16': 16}
for dt in E:
    ks = [k for k in T if k[0] == dt]
    sp = [med(T[k]['old']) / med(T[k]['new']) for k in ks]
    ch = [med(T[k]['old']) / med(T[k]['new']) for k in ks if med(T[k]['old']) and ST.get((k, 'old')) != ST.get((k, 'new'))]
    ro = [med(C[k]['old']) / med(T[k]['old']) for k in ks]; rn = [med(C[k]['new']) / med(T[k]['new']) for k in ks]
    print('%-4s %2d shapes: new/old speed geo %.3f (min %.2f max %.2f); changed stores %d: geo %s; of copy median %.2f -> %.2f, min %.2f -> %.2f' % (
        dt, len(ks), g(sp), min(sp), max(sp), len(ch), '%.3f' % g(ch) if ch else '-', med(ro), med(rn), min(ro), min(rn)))
    for k in sorted(ks, key=lambda k: k[1] * k[2]):
        print('     %6dx%-6d %5.1f MiB  %.2f  stores %s -> %s' % (k[1], k[2], k[1] * k[2] * E[dt] / 2**20, med(T[k]['old']) / med(T[k]['new']), ST.get((k, 'old')), ST.get((k, 'new'))))
