import json,sys,collections,gzip,math
# summ.py FILE: per shape, fastest round's median with and without the staged loads
t=collections.defaultdict(list); c=collections.defaultdict(list)
for l in (gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1],'rt'):
    r=json.loads(l)
    if 'rows' not in r: continue
    k=(r['dtype'],r['rows'],r['cols'])
    if r['impl']=='copy': c[k].append(r['median_ms']); continue
    if r['check']!='OK': continue
    t[k+(r['st'],)].append(r['median_ms'])
sp=collections.defaultdict(list)
for k in sorted(c, key=lambda k:(k[0],k[1]*k[2])):
    a=t.get(k+(0,)); b=t.get(k+(1,))
    if not a or not b: continue
    cp=min(c[k]); a=min(a); b=min(b); e=int(k[0][1:]); mb=k[1]*k[2]*e/1e6
    print('%s %5dx%-5d %7.2f MB  copy %.4f  plain %.4f (%.2f)  staged %.4f (%.2f)  plain/staged %.2f  rounds %s / %s'%(k[0],k[1],k[2],mb,cp,a,cp/a,b,cp/b,a/b,
          ' '.join('%.3f'%x for x in t[k+(0,)]),' '.join('%.3f'%x for x in t[k+(1,)])))
