import gzip
import json,statistics as st,math,sys
D=sys.argv[1] if len(sys.argv)>1 else '.'
t={}
for l in open(D+'/torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}; bad=0
for l in gzip.open(D+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x.get('impl')!='txf': continue
  if x['check']!='OK':
    bad+= x['check']!='n/a'; continue
  k=(x['b'],x['set'],x['strategy'],x['dtype'],x['m'],x['n'],x['k'])
  if k not in r or x['median_ms']<r[k]['median_ms']: r[k]=x
print('not OK',bad)
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
now={k[4:]:x for k,x in r.items() if k[0]=='now' and k[1].startswith('auto')}
h0={k[4:]:x for k,x in r.items() if k[0]=='h0' and k[1].startswith('auto')}
ks=[k for k in now if k in h0]
q=[now[k]['median_ms']/h0[k]['median_ms'] for k in ks]
print('auto sweep %d: now/h0 median %.3f gmean %.3f min %.3f max %.3f'%(len(q),st.median(q),g(q),min(q),max(q)))
for b,d in [('h0',h0),('now',now)]:
  rat=[t[k]/d[k]['median_ms'] for k in ks]
  print('  %s vs cuBLAS median %.3f gmean %.3f min %.3f'%(b,st.median(rat),g(rat),min(rat)))
for k in sorted(ks,key=lambda k:now[k]['median_ms']/h0[k]['median_ms']):
  q=now[k]['median_ms']/h0[k]['median_ms']
  if abs(q-1)>0.05: print('   ',k,'%.3f'%q,now[k]['chosen'],h0[k]['chosen'])
for tag in ['named','f2']:
  for k,x in sorted(r.items()):
    if k[0]=='now' and k[1]==tag:
      o=r.get(('h0',)+k[1:])
      print(tag,k[4:],'now %.4f h0 %.4f ratio %.3f %s %dx%d  cuBLAS ratio %.3f'%(x['median_ms'],o['median_ms'],x['median_ms']/o['median_ms'],x['chosen'],x['params']['mwg'],x['params']['nwg'], t[k[4:]]/x['median_ms']))
