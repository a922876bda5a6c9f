import json,sys,collections,math,gzip
t=collections.defaultdict(list); b=collections.defaultdict(list); ch={}
for l in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    r=json.loads(l)
    if 'm' not in r: continue
    key=(r['dtype'],r['m'],r['n'],r['k'])
    if r['check']!='OK': print('BAD',r['tree'],key,r['check']); continue
    if r['impl']=='blas': b[key].append(r['median_ms'])
    else:
        t[(r['tree'],)+key].append(r['median_ms'])
        p=r['params']; ch[(r['tree'],)+key]="%s %dx%dx%d ks%d"%(r['chosen'],p['mwg'],p['nwg'],p['kwg'],p['ksplit'])
def g(x): return math.exp(sum(map(math.log,x))/len(x)) if x else float('nan')
def med(x): x=sorted(x); n=len(x); return (x[n//2]+x[(n-1)//2])/2
for dt in ('f4','f8'):
    keys=sorted(k for k in b if k[0]==dt)
    ro=[];rn=[];sp=[];chg=[];big_o=[];big_n=[]
    for k in keys:
        o=min(t[('old',)+k]); n=min(t[('new',)+k]); bl=min(b[k])
        ro.append(bl/o); rn.append(bl/n); sp.append(o/n)
        if bl>=0.02: big_o.append(bl/o); big_n.append(bl/n)
        if ch[('old',)+k]!=ch[('new',)+k]:
            chg.append((k,o,n,bl,ch[('old',)+k],ch[('new',)+k]))
    print(dt, len(keys),'products: of OpenBLAS median old %.3f new %.3f, geo %.3f -> %.3f; blas>=20us (%d): median %.3f -> %.3f, slower than blas %d -> %d; new/old speed geo %.3f'%(
        med(ro),med(rn),g(ro),g(rn),len(big_o),med(big_o),med(big_n),sum(x<1 for x in big_o),sum(x<1 for x in big_n),g(sp)))
    print('  changed choice: %d, speed geo %.3f'%(len(chg), g([c[1]/c[2] for c in chg]) if chg else 1))
    for c in chg:
        k=c[0]; print('   %5dx%5dx%5d old %8.3f new %8.3f (x%.3f) blas %8.3f  %s -> %s'%(k[1],k[2],k[3],c[1],c[2],c[1]/c[2],c[3],c[4],c[5]))
if len(sys.argv)>2:
  for dt in ('f4','f8'):
    print(dt,'slower than OpenBLAS (new, blas>=20us):')
    for k in sorted(k for k in b if k[0]==dt):
        n=min(t[('new',)+k]); bl=min(b[k])
        if bl>=0.02 and bl/n<1: print('   %5dx%5dx%5d new %8.3f blas %8.3f  %.3f  %s'%(k[1],k[2],k[3],n,bl,bl/n,ch[('new',)+k]))
