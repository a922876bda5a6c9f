# python3 summ.py data/r9 v1,v2 (or data/r8 new, data/r10 v3,v2): each kernel's time over the
# kernel before ("old") per shape, fastest of two rounds: forced sets A (128 x 128), B (128 x 64),
# D (64 x 64) with pad and one K slice on 15 uneven shapes; auto on three sweeps (seeds 1, 3, 4)
# and named shapes; and the ratio to cuBLAS (mm_torch.py, warmed up) in the same call.
import json,statistics as st,math,sys,gzip
pre=sys.argv[1]; vs=sys.argv[2].split(',')
t={}
for l in open(pre+'-torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}
for l in gzip.open(pre+'-mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x['check']!='OK': continue
  k=(x['set'],x['cfg'],x['m'],x['n'],x['k'])
  e=r.setdefault(k,{})
  if x['b'] not in e or x['median_ms']<e[x['b']]['median_ms']: e[x['b']]=x
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
for cfg in ['A','B','D']:
  ks=[k for k in r if k[1]==cfg]
  for v in vs:
    q=[r[k][v]['median_ms']/r[k]['old']['median_ms'] for k in ks if v in r[k] and 'old' in r[k]]
    if q: print('forced %s %s n %d: time/old median %.3f gmean %.3f min %.3f max %.3f'%(cfg,v,len(q),st.median(q),g(q),min(q),max(q)))
for sel in ['sweep','named']:
  ks=[k for k in r if k[0].startswith(sel)]
  for v in vs:
    q=[r[k][v]['median_ms']/r[k]['old']['median_ms'] for k in ks]
    print('%s %s n %d: time/old median %.3f gmean %.3f min %.3f max %.3f'%(sel,v,len(q),st.median(q),g(q),min(q),max(q)))
  for b in ['old']+vs:
    rat=[t[k[2:]]/r[k][b]['median_ms'] for k in ks if k[2:] in t]
    print('   %s against cuBLAS: median %.3f gmean %.3f'%(b,st.median(rat),g(rat)))
