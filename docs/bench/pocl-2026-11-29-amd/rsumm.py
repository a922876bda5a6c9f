# Ratio to the copy of the same run (tree, round, shape), the best of the rounds per tree.
import json,collections,sys,math
KEY=sys.argv[2] if len(sys.argv)>2 else 'min_ms'
t={}; c={}; b={}
for l in open(sys.argv[1]):
    r=json.loads(l)
    if r.get('impl') not in ('txf','copy','blas') or KEY not in r or r['check']!='OK': continue
    k=(r['tree'],r['round'],r['dtype'],r['rows'],r['cols'])
    {'txf':t,'copy':c,'blas':b}[r['impl']][k]=r[KEY]
best=collections.defaultdict(float); bl=collections.defaultdict(lambda:1e9); tx=collections.defaultdict(lambda:1e9)
for k,v in t.items():
    if k in c:
        s=(k[0],)+k[2:]
        best[s]=max(best[s],c[k]/v); tx[s]=min(tx[s],v)
        if k in b: bl[k[2:]]=min(bl[k[2:]],b[k])
def g(x): return math.exp(sum(map(math.log,x))/len(x))
def med(x): x=sorted(x); n=len(x); return (x[n//2]+x[(n-1)//2])/2
for dt in ('u1','u2','f4','f8'):
    ks=sorted(set(s[1:] for s in best if s[1]==dt))
    ks=[k for k in ks if ('old',)+k in best and ('new',)+k in best]
    if not ks: continue
    o=[best[('old',)+k] for k in ks]; n=[best[('new',)+k] for k in ks]
    bo=sum(1 for k in ks if k in bl and bl[k]<tx[('old',)+k]); bn=sum(1 for k in ks if k in bl and bl[k]<tx[('new',)+k])
    print('%s %d shapes: of copy (same run, best round) median %.3f -> %.3f, geo %.3f -> %.3f, min %.3f -> %.3f; under 0.5: %d -> %d; new/old geo %.3f; blas faster %d -> %d'%(dt,len(ks),med(o),med(n),g(o),g(n),min(o),min(n),sum(x<0.5 for x in o),sum(x<0.5 for x in n),g([b/a for a,b in zip(o,n)]),bo,bn))
    if len(sys.argv)>3:
        for k,a,bb in zip(ks,o,n): print('   %-3s %6dx%-6d old %.2f new %.2f x%.2f'%(k[0],k[1],k[2],a,bb,bb/a))
