import json,collections,sys,math
d=collections.defaultdict(lambda: collections.defaultdict(list)); cp=collections.defaultdict(list); bad=[]
for l in open(sys.argv[1]):
    try: r=json.loads(l)
    except: continue
    k=(r['e'],r['r'],r['c'])
    if r['check']!='OK': bad.append((r['tree'],k,r['check']))
    d[k][r['tree']].append(r['us']); cp[k].append(r['copy_us'])
sp=collections.defaultdict(list)
for k in sorted(d):
    o=min(d[k]['old']) if d[k]['old'] else float('nan'); n=min(d[k]['new']) if d[k]['new'] else float('nan'); c=min(cp[k])
    sp[k[0]].append(o/n)
    print('e%d %5dx%-5d copy %8.1f old %8.1f (%.2f) new %8.1f (%.2f)  new/old speed %.2f'%(k[0],k[1],k[2],c,o,c/o,n,c/n,o/n))
for e,v in sp.items(): print('e%d geo speed-up %.3f min %.2f max %.2f'%(e,math.exp(sum(map(math.log,v))/len(v)),min(v),max(v)))
print('not OK:',bad)
