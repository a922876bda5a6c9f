import json, math, itertools
CU=132
cfgs={'A':(128,128,16),'B':(128,64,16),'C':(256,128,32),'D':(64,64,16),'E':(64,128,16),'F':(128,128,32),'G':(64,64,32),'H':(128,32,16)}
data=[]
for l in open('cfg.jsonl'):
    x=json.loads(l)
    if x.get('impl')!='txf' or 'm' not in x or x.get('check')!='OK': continue
    data.append((x['cfg'],x['ks'],x['m'],x['n'],x['k'],x['median_ms']*1e-3))
def kt(c,s,m,n,k,R,R1,sl):
    mw,nw,kw=cfgs[c]
    blocks=math.ceil(m/mw)*math.ceil(n/nw)
    steps=math.ceil(k/kw); ksl=math.ceil(steps/s)*kw
    W=2.0*mw*nw*ksl
    per=math.ceil(blocks*s/CU)
    full,rem=divmod(per,sl)
    T=full*sl*W/R
    if rem: T+=max(rem*W/R, W/R1)
    return T
def model(c,s,m,n,k,P,G):
    L,L2,BW=G
    T=L+kt(c,s,m,n,k,*P)
    if s>1: T+=L2+(s+1)*m*n*4/BW
    return T
def err(c,P,G,sub):
    e=0
    for d in sub:
        e+=(math.log(model(c,d[1],*d[2:5],P,G)/d[5]))**2
    return e
