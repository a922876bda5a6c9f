import json,sys,collections,gzip
t=collections.defaultdict(list); c=collections.defaultdict(list)
for l in (gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1], 'rt'):
    r=json.loads(l)
    if 'rows' not in r: continue
    k=(r['dtype'],r['rows'],r['cols'])
    if r['impl']=='copy': c[k].append(r['median_ms']); continue
    if r['check']!='OK': continue
    t[k+(r['st'],)].append(r['median_ms'])
for k in sorted(c, key=lambda k:(k[0],k[1]*k[2])):
    o=t.get(k+(-1,)); n=t.get(k+(1,))
    if not o or not n: continue
    cp=min(c[k]); o=min(o); n=min(n); e=int(k[0][1:])
    print('%s %5dx%-5d %6.2f MB lines=%d  copy %.4f  ord %.4f (%.2f)  nt %.4f (%.2f)  nt/ord %.2f'%(k[0],k[1],k[2],k[1]*k[2]*e/1e6,(k[1]*e)%64==0,cp,o,cp/o,n,cp/n,n/o))
