# python3 fit.py: each set's rate per compute unit, rate alone and work-groups per compute unit
# (the model of lib/select.c model_time), first with the launch costs before (26 and 8 us), then
# fitted with them.
import json, math, gzip
CU=132
cfgs={'A':(128,128,16),'B':(128,64,16),'D':(64,64,16)}
data=[]
for l in gzip.open('cfg.jsonl.gz','rt'):
    x=json.loads(l)
    if x.get('impl')!='txf' or 'm' not in x or x.get('check')!='OK' or x.get('median_ms') is None: continue
    data.append((x['cfg'],x['ks'],x['pc'],x['m'],x['n'],x['k'],x['median_ms']*1e-3))
L,L2,BW=26e-6,8e-6,1.5e12
def kt(c,s,m,n,k,R,R1,sl,f=1.0):
    mw,nw,kw=cfgs[c]
    blocks=math.ceil(m/mw)*math.ceil(n/nw)
    steps=math.ceil(k/kw); ksl=math.ceil(steps/s)*kw
    W=2.0*mw*nw*ksl
    per=math.ceil(blocks*s/CU)
    full,rem=divmod(per,sl)
    T=full*sl*W/(R*f)
    if rem: T+=max(rem*W/(R*f), W/(R1*f))
    return T
def model(c,s,pc,m,n,k,P,f=1.0):
    T=L+kt(c,s,m,n,k,*P,f=f if pc else 1.0)
    if s>1: T+=L2+(s+1)*m*n*4/BW
    if pc:
        mw,nw,kw=cfgs[c]
        cb=(n%nw!=0 or k%kw!=0); cc=(m%mw!=0 or n%nw!=0)
        T+=(1+cb+cc)*L2+2*4*(m*k+cb*k*n+cc*m*n)/BW
    return T
def err(c,P,sub,f=1.0):
    return sum(math.log(model(c,d[1],d[2],*d[3:6],P,f)/d[6])**2 for d in sub)
old={'A':(280e9,280e9,2,1.32),'B':(260e9,247e9,2,1.06),'D':(220e9,187e9,4,1.0)}
for c in cfgs:
    sub=[d for d in data if d[0]==c and d[2]==0]
    P0=old[c][:3]
    print(c,'n',len(sub),'old params rms %.3f'%math.sqrt(err(c,P0,sub)/len(sub)))
    bb=None
    for sl in (1,2,3,4):
        for R in [x*1e9 for x in range(100,520,10)]:
            for fr in [x/20 for x in range(2,21)]:
                e=err(c,(R,R*fr,sl),sub)
                if bb is None or e<bb[0]: bb=(e,(R,R*fr,sl))
    print('  fit R %.0f R1 %.0f slots %d rms %.3f'%(bb[1][0]/1e9,bb[1][1]/1e9,bb[1][2],math.sqrt(bb[0]/len(sub))))
    old[c]=bb[1]+(old[c][3],)
    pcs=[d for d in data if d[0]==c and d[2]==1]
    if pcs:
        fb=min(((err(c,bb[1],pcs,f),f) for f in [x/100 for x in range(80,200,2)]))
        print('  packed n',len(pcs),'old f %.2f rms %.3f; fit f %.2f rms %.3f'%(old[c][3],math.sqrt(err(c,bb[1],pcs,old[c][3])/len(pcs)),fb[1],math.sqrt(fb[0]/len(pcs))))
print('--- joint with L, L2')
import itertools
best=None
P={c:old[c][:3] for c in cfgs}
G=[L,L2]
for it in range(2):
    for c in cfgs:
        sub=[d for d in data if d[0]==c and d[2]==0]
        bb=None
        for sl in (1,2,3,4):
            for R in [x*1e9 for x in range(150,460,10)]:
                for fr in [x/20 for x in range(2,21)]:
                    e=err(c,(R,R*fr,sl),sub)
                    if bb is None or e<bb[0]: bb=(e,(R,R*fr,sl))
        P[c]=bb[1]
    for gi,grid in ((0,[x*1e-6 for x in range(8,34,2)]),(1,[x*1e-6 for x in range(0,20,2)])):
        bb=None
        for v in grid:
            globals()['L' if gi==0 else 'L2']=v
            e=sum(err(c,P[c],[d for d in data if d[0]==c and d[2]==0]) for c in cfgs)
            if bb is None or e<bb[0]: bb=(e,v)
        globals()['L' if gi==0 else 'L2']=bb[1]
    tot=sum(err(c,P[c],[d for d in data if d[0]==c and d[2]==0]) for c in cfgs)
    print(it,'L %.0f us L2 %.0f us'%(L*1e6,L2*1e6),'rms %.3f'%math.sqrt(tot/648), {c:('%.0f %.0f %d'%(P[c][0]/1e9,P[c][1]/1e9,P[c][2])) for c in P})
