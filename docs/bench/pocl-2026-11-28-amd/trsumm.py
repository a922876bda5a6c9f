import json,sys,collections,math,gzip,os
KEY=os.environ.get('KEY','median_ms')
# best-of-rounds per (tree, dtype, shape) for txf, copy, blas; ratio to copy (copy of same tree's run)
t=collections.defaultdict(list); c=collections.defaultdict(list); b=collections.defaultdict(list); ch={}
for l in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    r=json.loads(l)
    if 'rows' not in r: continue
    key=(r['dtype'],r['rows'],r['cols'])
    if r['check']!='OK': continue
    if r['impl']=='copy': c[key].append(r[KEY])
    elif r['impl']=='blas': b[key].append(r[KEY])
    else:
        t[(r['tree'],)+key].append(r[KEY])
        p=r['params'] or {}; ch[(r['tree'],)+key]=r['chosen']+' '+' '.join('%s=%s'%(k,v) for k,v in p.items() if v and k not in('launches',))
def g(x): return math.exp(sum(map(math.log,x))/len(x)) if x else float('nan')
def med(x): x=sorted(x); n=len(x); return (x[n//2]+x[(n-1)//2])/2
V=len(sys.argv)>2
for dt in ('u1','u2','f4','f8'):
    keys=sorted(k for k in c if k[0]==dt)
    if not keys: continue
    ro=[];rn=[];sp=[];bo=0;bn=0;u5=0
    for k in keys:
        o=min(t[('old',)+k]); n=min(t[('new',)+k]); cp=min(c[k])
        ro.append(cp/o); rn.append(cp/n); sp.append(o/n)
        if b[k]:
            bl=min(b[k]); bo+=bl<o; bn+=bl<n
        u5+=cp/n<0.5
        if V: print('  %-3s %6dx%-6d %7.1fKB copy %8.4f old %8.4f new %8.4f (x%.2f) of copy %.2f blas %s  %s'%(dt,k[1],k[2],k[1]*k[2]*int(dt[1])/1e3,cp,o,n,o/n,cp/n,'%8.4f'%min(b[k]) if b[k] else '-',ch[('new',)+k]))
    print(dt,len(keys),'shapes: of copy median old %.3f new %.3f, geo %.3f -> %.3f, min %.3f -> %.3f; under 0.5 (new) %d; blas faster old %d new %d; new/old geo %.3f'%(med(ro),med(rn),g(ro),g(rn),min(ro),min(rn),u5,bo,bn,g(sp)))
