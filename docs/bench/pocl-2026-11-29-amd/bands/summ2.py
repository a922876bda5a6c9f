import json,sys,collections,math
rows=[json.loads(l) for l in open(sys.argv[1])]
a,b=(int(x) for x in sys.argv[2:4]) if len(sys.argv)>3 else (0,2)
t=collections.defaultdict(list)
for r in rows: t[(r['e'],r['r'],r['c'],r['v'])].append((r['us'],r['copy_us']))
g=[]
for k in sorted(set(k[:3] for k in t)):
    o=min(x[0] for x in t[k+(a,)]); n=min(x[0] for x in t[k+(b,)])
    cp=min(x[1] for x in t[k+(a,)]+t[k+(b,)])
    om=sorted(x[0] for x in t[k+(a,)]); nm=sorted(x[0] for x in t[k+(b,)])
    print('e%d %5dx%-5d copy %7.1f  v%d: %7.1f (%.2f) v%d: %7.1f (%.2f) speed %.3f  rounds %s / %s'%(k[0],k[1],k[2],cp,a,o,cp/o,b,n,cp/n,o/n,' '.join('%.0f'%x for x in om),' '.join('%.0f'%x for x in nm)))
    g.append((k[0],o/n))
for e in (1,2):
    v=[x for ee,x in g if ee==e]
    print('e%d gmean speed-up %.3f min %.3f max %.3f'%(e,math.exp(sum(map(math.log,v))/len(v)),min(v),max(v)))
