import json,glob,statistics,math,sys,collections
D=sys.argv[1]
t={}
for l in open(D+'/torch.jsonl'):
    x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
def load(v,grp):
    r=collections.defaultdict(list); ch={}; bad=0
    for f in glob.glob(f'{D}/{v}-r*-{grp}.jsonl'):
        for l in open(f):
            x=json.loads(l)
            if x.get('impl')=='txf' and 'm' in x:
                if x.get('check')!='OK': bad+=1; continue
                s=(x['m'],x['n'],x['k']); r[s].append(x['median_ms']); ch[s]='%s %dx%d/%d'%(x['chosen'][:4],x['params']['mwg'],x['params']['nwg'],x['params']['ksplit'])
    return {k:min(v) for k,v in r.items()},ch,bad
def st(r): return 'min %.2f median %.3f gmean %.3f max %.2f (n %d)'%(min(r),statistics.median(r),math.exp(sum(map(math.log,r))/len(r)),max(r),len(r))
for grp in ('s41','s42','named','pad','tf32','3x','f8'):
    b,cb,bb=load('before',grp); a,ca,ba=load('after',grp)
    ks=[k for k in a if k in b]
    line=f'{grp}: after/before '+st([b[k]/a[k] for k in ks])+f' bad {bb}/{ba}'
    if grp in ('s41','s42','named'):
        kt=[k for k in ks if k in t]
        line+=' | vs cuBLAS before '+st([t[k]/b[k] for k in kt])+' after '+st([t[k]/a[k] for k in kt])
    print(line)
    if len(sys.argv)>2 and grp==sys.argv[2]:
        for k in sorted(ks,key=lambda k:b[k]/a[k]): print('  ',k,'%.3f -> %.3f ms (%.2f) %s'%(b[k],a[k],b[k]/a[k],ca[k]))
