import json,math,sys,statistics,collections
CU=132; L=26e-6; L2=8e-6; BW=1.5e12
P={'A':(128,128,16),'B':(128,64,16),'C':(256,128,32)}
def mt(c,R,R1,sl_,pf,m,n,k,slc,packed):
    mw,nw,kw=P[c]
    blocks=math.ceil(m/mw)*math.ceil(n/nw); steps=math.ceil(math.ceil(k/kw)/slc); W=2.0*mw*nw*steps*kw
    per=math.ceil(blocks*slc/CU); rounds=per//sl_; rest=per-rounds*sl_
    f=pf if packed else 1.0
    t=L+rounds*sl_*W/(R*f)
    if rest: t+=max(rest*W/(R*f),W/(R1*f))
    if slc>1: t+=L2+(slc+1)*m*n*4/BW
    if packed:
        cb=bool(n%nw or k%kw); cc=bool(m%mw or n%nw)
        t+=(1+cb+cc)*L2+2.0*4*(m*k+cb*k*n+cc*m*n)/BW
    return t
D=sys.argv[1] if len(sys.argv)>1 else 'd1'
meas=collections.defaultdict(dict)
for l in open(D+'/cfg.jsonl'):
    x=json.loads(l)
    if 'm' in x and x.get('impl')=='txf' and x.get('check')=='OK':
        meas[(x['m'],x['n'],x['k'])][(x['cfg'],x['st']=='padcopy',x['ks'])]=x['median_ms']*1e-3
def err(c,R,R1,s,pf,packed):
    e=[];
    for sh,v in meas.items():
        for (cc,pk,ks),t in v.items():
            if cc==c and pk==packed: e.append(math.log(mt(c,R,R1,s,pf,*sh,ks,pk)/t))
    return e
fits={}
for c in 'ABC':
    best=None
    for s in (1,2,3):
      for R in [x*1e9 for x in range(160,420,10)]:
        for f1 in [x/20 for x in range(1,21)]:
          e=err(c,R,R*f1,s,1,False); v=sum(x*x for x in e)
          if best is None or v<best[0]: best=(v,R,R*f1,s)
    v,R,R1,s=best
    bp=None
    for pf in [x/100 for x in range(80,200,2)]:
        e=err(c,R,R1,s,pf,True); vv=sum(x*x for x in e)
        if bp is None or vv<bp[0]: bp=(vv,pf,len(e))
    fits[c]=(R,R1,s,bp[1])
    print(c,'R %.0f R1 %.0f slots %d rms %.3f | packed %.2f rms %.3f n %d'%(R/1e9,R1/1e9,s,math.sqrt(v/len(err(c,R,R1,s,1,False))),bp[1],math.sqrt(bp[0]/bp[2]),bp[2]))
json.dump(fits,open(D+'/fits.json','w'))
if len(sys.argv)>2:
    c=sys.argv[2]; R,R1,s,pf=fits[c]
    for sh,v in list(meas.items())[:8]:
        for (cc,pk,ks),t in v.items():
            if cc==c: print(sh,pk,ks,'meas %.3f pred %.3f'%(t*1e3,mt(c,R,R1,s,pf,*sh,ks,pk)*1e3))
