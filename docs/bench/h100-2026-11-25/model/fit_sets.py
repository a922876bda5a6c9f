import json, math
exec(open('fit_common.py').read())
def total_err(Ps,G):
    return sum(err(c,Ps[c],G,[d for d in data if d[0]==c]) for c in cfgs)
# init
Ps={c:(250e9,125e9,2) for c in cfgs}
G=[25e-6,8e-6,2.0e12]
bysub={c:[d for d in data if d[0]==c] for c in cfgs}
for it in range(3):
    for c in cfgs:
        bb=None
        for sl in (1,2,3,4):
            for R in [x*1e9 for x in range(100,520,20)]:
                for f in [x/20 for x in range(2,21)]:
                    P=(R,R*f,sl); e=err(c,P,G,bysub[c])
                    if bb is None or e<bb[0]: bb=(e,P)
        Ps[c]=bb[1]
    # global
    for gi,grid in ((0,[x*1e-6 for x in range(10,40,2)]),(1,[x*1e-6 for x in range(0,30,2)]),(2,[x*1e11 for x in range(5,40,5)])):
        bb=None
        for v in grid:
            G2=list(G); G2[gi]=v; e=total_err(Ps,G2)
            if bb is None or e<bb[0]: bb=(e,v)
        G[gi]=bb[1]
    print(it,'G',G,'rms %.3f'%math.sqrt(total_err(Ps,G)/len(data)))
for c in cfgs: print(c,'R %.0f R1 %.0f slots %d'%(Ps[c][0]/1e9,Ps[c][1]/1e9,Ps[c][2]), 'rms %.3f'%math.sqrt(err(c,Ps[c],G,bysub[c])/len(bysub[c])))
# selection quality
meas={}
for d in data: meas[(d[0],d[1])+d[2:5]]=d[5]
shapes=sorted({d[2:5] for d in data})
t={}
for l in open('torch.jsonl'):
    x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']*1e-3
import statistics
r_pick=[];r_best=[]
for s in shapes:
    opts={(c,ks):meas[(c,ks)+s] for (c,ks) in {(d[0],d[1]) for d in data} if (c,ks)+s in meas}
    pick=min(opts,key=lambda o: model(o[0],o[1],*s,Ps[o[0]],G))
    best=min(opts,key=opts.get)
    r_pick.append(t[s]/opts[pick]); r_best.append(t[s]/opts[best])
    print(s,'pick',pick,'%.2f'%(t[s]/opts[pick]),'best',best,'%.2f'%(t[s]/opts[best]))
print('median pick %.3f best %.3f'%(statistics.median(r_pick),statistics.median(r_best)))
