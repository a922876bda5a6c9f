import json,sys,collections,gzip,math
d=collections.defaultdict(list); b=collections.defaultdict(list)
for l in (gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1],'rt'):
    r=json.loads(l)
    if 'm' not in r or r.get('check')!='OK': continue
    k=(r['dtype'],r['m'],r['n'],r['k'])
    if r['impl']=='blas': b[k].append(r['median_ms'])
    else: d[k+(r['kwg'],)].append(r['median_ms'])
g=lambda x: math.exp(sum(map(math.log,x))/len(x))
for dt,kws in (('f4',(256,512)),('f8',(128,256,512))):
    print(dt,'padcopy 128 x 64, time per kwg (fastest median of 2 rounds) and of OpenBLAS')
    rel={kw:[] for kw in kws}
    for k in sorted(x for x in b if x[0]==dt):
        ts=[min(d[k+(kw,)]) for kw in kws]; bl=min(b[k])
        for kw,t in zip(kws,ts): rel[kw].append(ts[0]/t)
        print('  %5dx%5dx%5d '%k[1:]+' '.join('kwg%d %.3f (%.2f)'%(kw,t,bl/t) for kw,t in zip(kws,ts))+'  blas %.3f'%bl)
    print('  speed over kwg %d, geometric mean: '%kws[0]+' '.join('%d: %.3f'%(kw,g(rel[kw])) for kw in kws))
