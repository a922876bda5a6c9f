# python3 summ.py: the refitted model (refit) against the rates before (before: a9d2108), auto,
# fastest of two rounds, on sweeps the fit did not see (seeds 3, 4, 5) and named shapes; cuBLAS
# (mm_torch.py, warmed up) in the same call.
import json,statistics as st,math,gzip
t={}
for l in open('check-torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}
for l in gzip.open('check.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x['check']!='OK': continue
  k=(x['set'],x['m'],x['n'],x['k'])
  e=r.setdefault(k,{})
  if x['b'] not in e or x['median_ms']<e[x['b']]['median_ms']: e[x['b']]=x
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
key=lambda x:(x['params']['mwg'],x['params']['nwg'],x['params']['ksplit'],x['chosen'])
for sel in ['sweep','named']:
  ks=[k for k in r if k[0].startswith(sel)]
  ch=[k for k in ks if key(r[k]['refit'])!=key(r[k]['before'])]
  qc=[r[k]['refit']['median_ms']/r[k]['before']['median_ms'] for k in ch]
  print('%s (%d shapes): choice changed on %d, their time refit/before gmean %.3f, min %.3f, max %.3f'%(sel,len(ks),len(ch),g(qc),min(qc),max(qc)))
  for b in ['before','refit']:
    rat=[t[k[1:]]/r[k][b]['median_ms'] for k in ks]
    print('   %s against cuBLAS: median %.3f gmean %.3f'%(b,st.median(rat),g(rat)))
