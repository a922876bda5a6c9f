import json,sys,collections,math,gzip
d=collections.defaultdict(list)
for l in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    r=json.loads(l)
    if r.get('check')!='OK': continue
    d[(r['set'],r['dtype'],r['m'],r['n'],r['k'],r['strategy'])].append(r['median_ms'])
sets=sorted(set(k[0] for k in d), key=lambda s:(len(s),s))
shapes=[]
for k in d:
    if (k[2],k[3],k[4]) not in shapes: shapes.append((k[2],k[3],k[4]))
for s in sets:
  for dt in ('f4','f8'):
    rows=[]
    for (m,n,k) in shapes:
        a=d.get((s,dt,m,n,k,'pad')); b=d.get((s,dt,m,n,k,'padcopy'))
        if not a or not b: continue
        ta=min(a); tb=min(b)
        # pack estimate: 2*elem*K*N / 20e9 (model)
        el=4 if dt=='f4' else 8
        pk=2*el*k*n/20e9*1e3
        rows.append((m,n,k,ta,tb,ta/tb,ta/max(tb-pk,1e-9)))
    if not rows: continue
    print(s,dt)
    for r in rows: print("  %5dx%5dx%5d pad %8.3f padcopy %8.3f  ratio %.3f  kernel-gain(pack@20GB/s) %.3f"%r)
    g=[r[5] for r in rows]; print("  geo ratio %.3f"%math.exp(sum(map(math.log,g))/len(g)))
