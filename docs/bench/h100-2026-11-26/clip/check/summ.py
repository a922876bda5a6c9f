import gzip
# This tree against 82a37ab (h0): auto sweeps (min of two rounds), named shapes (three rounds), x3 and
# f2 named (one round); cuBLAS (warm) in the same call.
import json,statistics as st,math,sys
D=sys.argv[1] if len(sys.argv)>1 else '.'
t={}
for l in open(D+'/torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}; bad=0; allr={}
for l in gzip.open(D+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x.get('impl')!='txf': continue
  if x['check']!='OK':
    bad+= x['check']!='n/a'; continue
  k=(x['b'],x['set'],x['dtype'],x['m'],x['n'],x['k'])
  allr.setdefault(k,[]).append(x['median_ms'])
  if k not in r or x['median_ms']<r[k]['median_ms']: r[k]=x
print('results not OK:',bad)
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
f=lambda x:'%s %dx%d/%d'%(x['chosen'][:4],x['params']['mwg'],x['params']['nwg'],x['params']['ksplit'])
now={k[3:]:x for k,x in r.items() if k[0]=='now' and k[1].startswith('auto')}
h0={k[3:]:x for k,x in r.items() if k[0]=='h0' and k[1].startswith('auto')}
ks=[k for k in now if k in h0]
q=[now[k]['median_ms']/h0[k]['median_ms'] for k in ks]
print('f32 auto sweeps (%d shapes): time now/h0 median %.3f gmean %.3f min %.3f max %.3f'%(len(q),st.median(q),g(q),min(q),max(q)))
for b,d in [('h0',h0),('now',now)]:
  rat=[t[k]/d[k]['median_ms'] for k in ks]
  print('  %s against cuBLAS: median %.3f gmean %.3f min %.3f'%(b,st.median(rat),g(rat),min(rat)))
ch=[k for k in ks if f(now[k])!=f(h0[k])]
q=[now[k]['median_ms']/h0[k]['median_ms'] for k in ch]
print('  choice changed on %d shapes: time now/h0 gmean %.3f'%(len(ch),g(q) if q else 0))
for k in sorted(ch,key=lambda k:now[k]['median_ms']/h0[k]['median_ms']):
  print('   %5d x %5d x %5d  now %s %.4f ms  h0 %s %.4f ms  %.3f'%(*k,f(now[k]),now[k]['median_ms'],f(h0[k]),h0[k]['median_ms'],now[k]['median_ms']/h0[k]['median_ms']))
for tag in ['big','x3','f2']:
  print(tag)
  for k,x in sorted(r.items()):
    if k[0]=='now' and k[1]==tag:
      o=r[('h0',)+k[1:]]
      print('   %5d x %5d x %5d  now %.4f (%s)  h0 %.4f (%s)  now/h0 %.3f  cuBLAS/now %.3f  rounds now %s h0 %s'%(*k[3:],x['median_ms'],f(x),o['median_ms'],f(o),x['median_ms']/o['median_ms'],t[k[3:]]/x['median_ms'],' '.join('%.3f'%v for v in allr[k]),' '.join('%.3f'%v for v in allr[('h0',)+k[1:]])))
