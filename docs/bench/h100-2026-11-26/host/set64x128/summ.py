# python3 summ.py: the 64 x 128 set (rate 260e9, 247e9, 2 slots, as 128 x 64) in the NVIDIA cost
# model against the tree without it, fastest of two rounds; cuBLAS (mm_torch.py, warmed up).
import json,statistics as st,math,gzip
t={}
for l in open('torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}
for l in gzip.open('mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x['check']!='OK': continue
  k=(x['set'],x['m'],x['n'],x['k'])
  d=r.setdefault(k,{})
  if x['b'] not in d or x['median_ms']<d[x['b']]['median_ms']: d[x['b']]=x
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
key=lambda x:(x['params']['mwg'],x['params']['nwg'],x['params']['ksplit'],x['chosen'])
for sel in ['sweep','named']:
  ks=[k for k in r if k[0].startswith(sel)]
  for b in ['h1','set']:
    rat=[t[k[1:]]/r[k][b]['median_ms'] for k in ks]
    print(sel,b,len(rat),'against cuBLAS: median %.3f gmean %.3f min %.2f'%(st.median(rat),g(rat),min(rat)))
  ch=[k for k in ks if key(r[k]['set'])!=key(r[k]['h1'])]
  q=[r[k]['set']['median_ms']/r[k]['h1']['median_ms'] for k in ch]
  print('  choice changed on',len(ch),'shapes: time set/h1 median %.3f gmean %.3f min %.3f max %.3f'%(st.median(q),g(q),min(q),max(q)))
