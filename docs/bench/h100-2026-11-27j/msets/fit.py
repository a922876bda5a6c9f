#!/usr/bin/env python3
"""fit.py EST...: model_ev.c outputs of timed choices; the regret (time of the estimate's pick
over the fastest, geometric mean over products with two or more timed choices) for rates of
the partial sums (sbw) and packed copies (pbw) and a cost W us per round of work-groups."""
import math, collections, itertools
SL={'128x128':2,'128x64':2,'64x64':4,'256x128':1}
KW={'128x128':16,'128x64':16,'64x64':16,'256x128':32}
import sys
rows=[l.split() for f in sys.argv[1:] for l in open(f)]
by=collections.defaultdict(dict)
for r in rows:
    base,sl,tb=float(r[0]),float(r[1]),float(r[2]); ms=float(r[4]); call=r[5]
    m,n,k=map(int,r[6].split('x')); bs=r[7]; mw,nw=map(int,bs.split('x')); ks=int(r[8][2:]); pk=len(r)>9
    copy_b = (n%nw!=0) or (k%KW[bs]!=0)
    pbytes = 2*4*(m*k + copy_b*k*n) if pk else 0
    blocks=math.ceil(m/mw)*math.ceil(n/nw); per_cu=math.ceil(blocks*ks/132)
    by[(call,r[6])][(bs,ks,pk)]=dict(base=base-pbytes/1.5e12*1e6, pb=pbytes, tb=tb, ms=ms, ks=ks, pc=per_cu, slots=SL[bs], C=m*n*4)
def est(d,sbw,pbw,W,divslots):
    t=d['base']+d['pb']/pbw*1e6
    if d['ks']>1: t+=2+d['tb']*1e12/sbw*1e6
    t+=d['pc']*W/(d['slots'] if divslots else 1)
    return t
def regret(*a):
    v=[];bad=0
    for key,cf in by.items():
        if len(cf)<2: continue
        e={c:est(d,*a) for c,d in cf.items()}
        pick=min(e,key=e.get); best=min(cf,key=lambda c:cf[c]['ms'])
        q=cf[pick]['ms']/cf[best]['ms']; v.append(math.log(q)); bad+=q>1.05
    return math.exp(sum(v)/len(v)), bad, len(v)
res=[]
for sbw,pbw,W,ds in itertools.product([1.5e12,2e12,3e12,4e12,6e12],[1.5e12,3e12,1e12],[0,0.5,1,2,3,4,6],[False,True]):
    g,bad,n=regret(sbw,pbw,W,ds); res.append((round(g,4),bad,n,sbw,pbw,W,ds))
res.sort()
for r in res[:12]: print(r)
print("current:",[r for r in res if r[3]==1.5e12 and r[4]==1.5e12 and r[5]==0][0])
print("v1:",[r for r in res if r[3]==3e12 and r[4]==3e12 and r[5]==0])
import sys
def show(*a):
    for key,cf in by.items():
        if len(cf)<2: continue
        e={c:est(d,*a) for c,d in cf.items()}
        pick=min(e,key=e.get); best=min(cf,key=lambda c:cf[c]['ms'])
        q=cf[pick]['ms']/cf[best]['ms']
        if q>1.05: print("  ",key,pick,best,"%.2f"%q)
print("W=2/slots misses:"); show(3e12,3e12,2,True)
