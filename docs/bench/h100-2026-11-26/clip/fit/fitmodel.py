import gzip
# The model's choice among A/B/C sets, pad or padcopy, one K slice, against the measured times of
# the fit sweeps (seeds 5-7): time lost against the fastest measured option, over packed factors.
import json,math,itertools
r={}
for l in gzip.open('mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('impl')!='txf' or x.get('check')!='OK' or not x['set'].startswith('fit'): continue
  r.setdefault((x['m'],x['n'],x['k']),{})[(x['set'][3],x['strategy']=='padcopy')]=x['median_ms']*1e-3
CU=132; L=16e-6; L2=2e-6; BW=1.5e12
S={'A':((128,128,16),290e9,261e9,2),'B':((128,64,16),250e9,238e9,2),'C':((256,128,32),240e9,240e9,1)}
def mt(s,f,m,n,k,packed):
  (mw,nw,kw),R,R1,slots=S[s]
  blocks=math.ceil(m/mw)*math.ceil(n/nw); steps=math.ceil(k/kw); W=2.0*mw*nw*steps*kw
  per=math.ceil(blocks/CU); rounds=per//slots; rest=per-rounds*slots
  ff=f if packed else 1.0
  t=L+rounds*slots*W/(R*ff)
  if rest: t+=max(rest*W/(R*ff),W/(R1*ff))
  if packed:
    cb=bool(n%nw or k%kw); t+=(1+cb)*L2+2.0*4*(m*k+cb*k*n)/BW
  return t
def lost(fA,fB,fC):
  tot=0; worst=0; n=0
  for sh,d in r.items():
    opts=[(s,p) for (s,p) in d if not (p and {'A':fA,'B':fB,'C':fC}[s]==0)]
    pick=min(opts,key=lambda o:mt(o[0],{'A':fA,'B':fB,'C':fC}[o[0]],*sh,o[1]))
    best=min(d[o] for o in opts)
    tot+=math.log(d[pick]/best); n+=1; worst=max(worst,d[pick]/best)
  return math.exp(tot/n),worst
for fA,fB,fC in itertools.product([0,1.0,1.05,1.10,1.2,1.32],[0,1.06],[0,1.2,1.32,1.45,1.66]):
  g,w=lost(fA,fB,fC)
  print('A %.2f B %.2f C %.2f: chosen/best gmean %.4f worst %.3f'%(fA,fB,fC,g,w))
print('--- products over 0.5 ms only')
big={s:d for s,d in r.items() if d.get(('A',False),0)>0.5e-3}
r=big
for fA,fC in itertools.product([0,1.05,1.1],[0,1.2,1.32,1.45,1.66]):
  g,w=lost(fA,0,fC); print('A %.2f C %.2f: gmean %.4f worst %.3f (n %d)'%(fA,fC,g,w,len(r)))
