import json,collections,sys
t=collections.defaultdict(list); ch={}
for l in open(sys.argv[1]):
    x=json.loads(l)
    if 'm' not in x: continue
    if x.get('check')!='OK': print("CHECK", x.get('check'), x['m'],x['n'],x['k'])
    k=(x['dtype'],x['m'],x['n'],x['k']); t[k+(x['v'],)].append(x['min_ms']); ch[k+(x['v'],)]="%dx%d"%(x['params']['mwg'],x['params']['nwg'])
for k in sorted({k[:4] for k in t}):
    a=sorted(t[k+(0,)]); b=sorted(t[k+(1,)])
    print(k, ch[k+(0,)], ch[k+(1,)], "before min %.4f med %.4f | after min %.4f med %.4f | %.3f"%(a[0],a[len(a)//2],b[0],b[len(b)//2],a[0]/b[0]))
