import json,glob,statistics,math,sys,collections
D=sys.argv[1]
t=collections.defaultdict(list)
for f in glob.glob(D+'/torch-r*.jsonl'):
    for l in open(f):
        x=json.loads(l); t[(x['m'],x['n'],x['k'])].append(x['ms'])
t={s:min(v) for s,v in t.items()}
def load(v):
    r=collections.defaultdict(list); ch={}
    for f in glob.glob(f'{D}/{v}-r*.jsonl'):
        grp=f.split('-')[-1].split('.')[0]
        for l in open(f):
            x=json.loads(l)
            if x.get('impl')=='txf' and 'm' in x and x.get('check')=='OK':
                s=(x['m'],x['n'],x['k']); r[(grp,s)].append(x['median_ms']); ch[s]='%s %dx%d/%d'%(x['chosen'][:4],x['params']['mwg'],x['params']['nwg'],x['params']['ksplit'])
    return {k:min(v) for k,v in r.items()},ch
b,cb=load('before'); a,ca=load('after')
def stats(r): return 'min %.2f median %.3f gmean %.3f (n %d)'%(min(r),statistics.median(r),math.exp(sum(map(math.log,r))/len(r)),len(r))
for grp in ('s41','s42','s43','named'):
    ks=[k for k in a if k[0]==grp and k in b and k[1] in t]
    print(grp,'before',stats([t[k[1]]/b[k] for k in ks]),'| after',stats([t[k[1]]/a[k] for k in ks]),'| after/before',stats([b[k]/a[k] for k in ks]))
ks=[k for k in a if k in b and k[1] in t]
big=[k for k in ks if min(k[1])>=1024]
print('all m,n,k>=1024: before',stats([t[k[1]]/b[k] for k in big]),'after',stats([t[k[1]]/a[k] for k in big]))
for k in sorted(ks,key=lambda k:b[k]/a[k]):
    if abs(b[k]/a[k]-1)>0.08: print(k,'torch %.3f before %.3f (%s) after %.3f (%s) ratio %.2f -> %.2f'%(t[k[1]],b[k],cb[k[1]],a[k],ca[k[1]],t[k[1]]/b[k],t[k[1]]/a[k]))
