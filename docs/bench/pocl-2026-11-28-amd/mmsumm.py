import json,math,sys,gzip
# mmsumm.py mm.jsonl[.gz]: the library against OpenBLAS, fastest runs (min_ms)
t={};b={};ch={}
for l in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    r=json.loads(l)
    if 'm' not in r or r['check']!='OK': continue
    k=(r['dtype'],r['m'],r['n'],r['k'])
    if r['impl']=='blas': b[k]=r['min_ms']
    else:
        t[k]=r['min_ms']; p=r['params']; ch[k]="%s %dx%dx%d ks%d"%(r['chosen'],p['mwg'],p['nwg'],p['kwg'],p['ksplit'])
def g(x): return math.exp(sum(map(math.log,x))/len(x))
for dt in ('f4','f8'):
    ks=[k for k in t if k[0]==dt and k in b]
    r=sorted(b[k]/t[k] for k in ks); big=[k for k in ks if b[k]>=0.05]
    rb=sorted(b[k]/t[k] for k in big); sm=[k for k in ks if b[k]<0.05]
    print('%s: %d products, of OpenBLAS median %.3f geo %.3f; OpenBLAS 50 us or more: %d, median %.3f geo %.3f, min %.3f, slower %d; under 50 us: %d, slower %d'%(
        dt,len(ks),r[len(r)//2],g(r),len(big),rb[len(rb)//2],g(rb),rb[0],sum(x<1 for x in rb),len(sm),sum(b[k]<t[k] for k in sm)))
    for k in sorted(big,key=lambda k:b[k]/t[k])[:5]:
        print('   %5dx%5dx%5d txf %8.3f blas %8.3f %.2f  %s'%(k[1],k[2],k[3],t[k],b[k],b[k]/t[k],ch[k]))
