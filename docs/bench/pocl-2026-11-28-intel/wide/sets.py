import json,sys,collections,gzip
d=collections.defaultdict(list); b=collections.defaultdict(list)
for l in (gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1],'rt'):
    r=json.loads(l)
    if 'm' not in r: continue
    k=(r['dtype'],r['m'],r['n'],r['k'])
    if r['check']!='OK': print('BAD',r); continue
    if r['impl']=='blas': b[k].append(r['median_ms'])
    else: d[k+(r['set'],)].append(r['median_ms'])
sets=[]
for k in d:
    if k[4] not in sets: sets.append(k[4])
for dt in ('f8','f4'):
    ss=[s for s in sets if any(k[0]==dt and k[4]==s for k in d)]
    print(dt, 'of OpenBLAS (fastest median of 2 rounds):', ' | '.join(ss))
    for k in sorted(b):
        if k[0]!=dt: continue
        bl=min(b[k]); print('  %5dx%5dx%5d blas %8.3f '%(k[1],k[2],k[3],bl)+' '.join('%.3f'%(bl/min(d[k+(s,)])) for s in ss))
