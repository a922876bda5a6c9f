# 52c9979 against this tree: each shape's better round, new over old.
import json, collections, math
d = collections.defaultdict(lambda: collections.defaultdict(list))
for l in open('ab.jsonl'):
    x = json.loads(l)
    if x['impl'] != 'txf' or not x.get('ratio'): continue
    d[(x['rows'], x['cols'], x['dtype'])][x['tree']].append(x['ratio'])
rs = collections.defaultdict(list)
for k, v in d.items():
    o, n = max(v['old']), max(v['new'])
    rs[k[2]].append(n / o)
    print("%-10s %s of copy: old %.3f new %.3f, new/old %.3f" % ("%dx%d" % k[:2], k[2], o, n, n / o))
for dt, v in rs.items():
    print(dt, "geometric mean new/old %.3f, min %.3f, max %.3f" % (math.exp(sum(map(math.log, v)) / len(v)), min(v), max(v)))
