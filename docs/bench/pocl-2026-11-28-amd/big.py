import json,gzip,collections,math,sys
# big.py tr.jsonl.gz: new/old speed (best of the rounds' medians) on shapes of 1 MB or more
t=collections.defaultdict(list)
for l in gzip.open(sys.argv[1],'rt'):
    r=json.loads(l)
    if r.get('impl')!='txf' or r.get('check')!='OK': continue
    t[(r['tree'],r['dtype'],r['rows'],r['cols'])].append(r['median_ms'])
for dt in ('u1','u2','f4','f8'):
    e=int(dt[1]); sp=[]
    for k in t:
        if k[0]=='new' and k[1]==dt and k[2]*k[3]*e>=1e6:
            sp.append(min(t[('old',)+k[1:]])/min(t[k]))
    print(dt, len(sp), 'shapes of 1 MB or more: new/old speed geo %.3f, min %.2f max %.2f'%(math.exp(sum(map(math.log,sp))/len(sp)),min(sp),max(sp)))
