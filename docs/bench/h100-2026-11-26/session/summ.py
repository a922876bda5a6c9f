# python3 summ.py: this tree ("now") against 4b79861 ("h0"), fastest of two rounds per shape:
# sgemm on three sweeps (seeds 1, 3, 4) and named shapes, with cuBLAS (mm_torch.py, warmed up) in
# the same call; f4 and u1 transposes of 20 shapes of 64 to 2048 per side against the copy.
import json,statistics as st,math,gzip
t={}
for l in open('data/torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}
for l in gzip.open('data/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x['check']!='OK': continue
  k=(x['set'],x['m'],x['n'],x['k'])
  e=r.setdefault(k,{})
  if x['b'] not in e or x['median_ms']<e[x['b']]['median_ms']: e[x['b']]=x
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
for sel in ['sweep','named']:
  ks=[k for k in r if k[0].startswith(sel) and 'now' in r[k] and 'h0' in r[k]]
  q=[r[k]['now']['median_ms']/r[k]['h0']['median_ms'] for k in ks]
  print('sgemm %s (%d shapes): time now/h0 median %.3f gmean %.3f min %.3f max %.3f'%(sel,len(q),st.median(q),g(q),min(q),max(q)))
  for b in ['h0','now']:
    rat=[t[k[1:]]/r[k][b]['median_ms'] for k in ks]
    print('   %s against cuBLAS: median %.3f gmean %.3f min %.2f'%(b,st.median(rat),g(rat),min(rat)))
  if sel=='named':
    for k in ks:
      m,n,kk=k[1:]
      print('   %5d x %5d x %5d  h0 %.4f ms  now %.4f ms (%.1f TFLOP/s)  cuBLAS %.4f ms  now/cuBLAS ratio %.2f'%(m,n,kk,r[k]['h0']['median_ms'],r[k]['now']['median_ms'],2*m*n*kk/r[k]['now']['median_ms']/1e9,t[k[1:]],t[k[1:]]/r[k]['now']['median_ms']))
tr={}
for l in gzip.open('data/tr.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='transpose' or x['impl']!='txf': continue
  k=(x['set'],x['rows'],x['cols'])
  e=tr.setdefault(k,{})
  if x['b'] not in e or x['min_ms']<e[x['b']]['min_ms']: e[x['b']]=x
for dt in ['tf4','tu1']:
  ks=[k for k in tr if k[0]==dt]
  q=[tr[k]['now']['min_ms']/tr[k]['h0']['min_ms'] for k in ks]
  print('transpose %s (%d shapes): time now/h0 median %.3f gmean %.3f; ratio to copy median h0 %.3f now %.3f'%(dt[1:],len(q),st.median(q),g(q),st.median([tr[k]['h0']['ratio'] for k in ks]),st.median([tr[k]['now']['ratio'] for k in ks])))
