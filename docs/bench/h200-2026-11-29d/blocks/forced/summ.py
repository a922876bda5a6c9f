import json,gzip,collections,sys
d=collections.defaultdict(lambda:1e9); ch={}
for l in gzip.open(sys.argv[1] if len(sys.argv)>1 else 'blk.jsonl.gz','rt'):
    x=json.loads(l)
    if x.get('impl')!='txf' or x['check']!='OK': continue
    s=(x['m'],x['n'],x['k']); key=(s,x['set'],x['ks'])
    d[key]=min(d[key],x['median_ms'])
    if x['set']=='auto': ch[s]=x['params']
tb={}
for l in open('torch.jsonl'):
    x=json.loads(l); tb[(x['m'],x['n'],x['k'])]=x['ms']
sets=['C128','C64','M96','N96','Q96','W64','U96','V96']
shapes=[]
for k in d:
    if k[0] not in shapes: shapes.append(k[0])
print('%-16s %7s %6s | '%('shape','cublas','auto')+' '.join('%10s'%s for s in sets)+' | best')
for s in shapes:
    row=[]
    best=('auto',d[(s,'auto',0)])
    for st in sets:
        a,b=d.get((s,st,1),1e9),d.get((s,st,0),1e9)
        row.append('%5.3f/%5.3f'%(tb[s]/a if a<1e9 else 0,tb[s]/b if b<1e9 else 0))
        for kk,v in ((1,a),(0,b)):
            if v<best[1]: best=(f'{st}/{kk}',v)
    p=ch.get(s,{})
    print('%-16s %7.3f %6.3f | '%('x'.join(map(str,s)),tb[s],tb[s]/d[(s,'auto',0)])+' '.join(row)+' | %s %.3f  [auto %sx%s ks%s]'%(best[0],tb[s]/best[1],p.get('mwg'),p.get('nwg'),p.get('ksplit')))
