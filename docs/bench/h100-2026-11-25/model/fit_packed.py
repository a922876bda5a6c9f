import json, math
CU=132; L,L2,BW=26e-6,8e-6,1.5e12
sets={(128,128):(280e9,280e9,2,16),(128,64):(260e9,247e9,2,16),(256,128):(None,None,1,32)}
def ktime(mw,nw,kw,R,R1,sl,m,n,k,s=1):
    blocks=math.ceil(m/mw)*math.ceil(n/nw); steps=math.ceil(math.ceil(k/kw)/s)
    W=2.0*mw*nw*steps*kw; per=math.ceil(blocks*s/CU); full,rem=divmod(per,sl)
    T=full*sl*W/R
    if rem: T+=max(rem*W/R,W/R1)
    return T
def extra(mw,nw,kw,m,n,k,e=4):
    nb=(n%nw!=0 or k%kw!=0); nc=(m%mw!=0 or n%nw!=0)
    launches=2+nb+nc
    by=2*m*k*e+nb*2*k*n*e+nc*2*m*n*e
    return L+(launches-1)*L2+by/BW
rows=[]
for f in ['survey-auto-named.jsonl','survey-auto-s1.jsonl','survey-auto-s2.jsonl']:
  for l in open('./'+f):
    x=json.loads(l)
    if x.get('impl')!='txf' or 'm' not in x or x['chosen']!='padcopy': continue
    p=x['params']; rows.append(((p['mwg'],p['nwg']),x['m'],x['n'],x['k'],x['median_ms']*1e-3))
for key in [(128,128),(128,64)]:
    R,R1,sl,kw=sets[key]
    sub=[r for r in rows if r[0]==key]
    best=None
    for f in [x/100 for x in range(90,150)]:
        e=sum(math.log((ktime(key[0],key[1],kw,R*f,R1*f,sl,*r[1:4])+extra(key[0],key[1],kw,*r[1:4]))/r[4])**2 for r in sub)
        if best is None or e<best[0]: best=(e,f)
    print(key,len(sub),'factor %.2f rms %.3f'%(best[1],math.sqrt(best[0]/len(sub))))
    for r in sub:
        pc=ktime(key[0],key[1],kw,R*best[1],R1*best[1],sl,*r[1:4])+extra(key[0],key[1],kw,*r[1:4])
        pp=L+ktime(key[0],key[1],kw,R,R1,sl,*r[1:4])
        print('  %s meas %.3f pred padcopy %.3f pred pad %.3f'%(r[1:4],r[4]*1e3,pc*1e3,pp*1e3))
