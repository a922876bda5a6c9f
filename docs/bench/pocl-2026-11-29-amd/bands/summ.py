import json,sys,collections,math
rows=[json.loads(l) for l in open(sys.argv[1])]
t=collections.defaultdict(list)
for r in rows:
    t[(r['e'],r['r'],r['c'],r['srows'])].append((r['us'],r['copy_us']))
g=[]
for k in sorted(set(k[:3] for k in t)):
    e,R,C=k
    srs=sorted(s for (a,b,c,s) in t if (a,b,c)==k)
    old,new=srs[-1] if False else srs[0], srs[1]  # 256 first
    o=min(x[0] for x in t[k+(256,)]); 
    n=min(x[0] for x in t[k+(1024//e,)])
    cp=min(x[1] for x in t[k+(256,)]+t[k+(1024//e,)])
    om=sorted(x[0] for x in t[k+(256,)]); nm=sorted(x[0] for x in t[k+(1024//e,)])
    print('e%d %5dx%-5d copy %7.1f  256: %7.1f (%.2f) %4d: %7.1f (%.2f) speed %.3f  each round %s / %s'%(e,R,C,cp,o,cp/o,1024//e,n,cp/n,o/n,' '.join('%.0f'%x for x in om),' '.join('%.0f'%x for x in nm)))
    g.append((e,o/n))
for e in (1,2):
    v=[x for ee,x in g if ee==e]
    print('e%d gmean speed-up %.3f min %.3f max %.3f'%(e,math.exp(sum(map(math.log,v))/len(v)),min(v),max(v)))
