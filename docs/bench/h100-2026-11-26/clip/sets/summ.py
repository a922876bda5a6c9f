import gzip
import json,statistics as st,math,sys,collections
D=sys.argv[1] if len(sys.argv)>1 else '.'
t={}
for l in open(D+'/torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}
bad=0
for l in gzip.open(D+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x.get('impl')!='txf': continue
  if x['check']!='OK':
    if x['check']!='n/a': bad+=1
    continue
  k=(x['b'],x['set'],x['strategy'],x['dtype'],x['m'],x['n'],x['k'])
  if k not in r or x['median_ms']<r[k]['median_ms']: r[k]=x
print('not OK:',bad)
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
def get(b,setp,strat):
  return {(k[4],k[5],k[6]):x for k,x in r.items() if k[0]==b and k[1].startswith(setp) and k[2]==strat and k[3]=='f4'}
for setp,strat in [('auto','auto')]:
  now=get('now',setp,strat); h0=get('h0',setp,strat)
  ks=[k for k in now if k in h0]
  q=[now[k]['median_ms']/h0[k]['median_ms'] for k in ks]
  print('auto sweep %d: now/h0 median %.3f gmean %.3f min %.3f max %.3f'%(len(q),st.median(q),g(q),min(q),max(q)))
  for b,d in [('h0',h0),('now',now)]:
    rat=[t[k]/d[k]['median_ms'] for k in ks]
    print('  %s vs cuBLAS median %.3f gmean %.3f min %.3f'%(b,st.median(rat),g(rat),min(rat)))
# padcopy old vs new (set A)
now=get('now','pcA','padcopy'); h0=get('h0','pcA','padcopy')
ks=[k for k in now if k in h0]
q=[now[k]['median_ms']/h0[k]['median_ms'] for k in ks]
print('padcopy A %d: now/h0 median %.3f gmean %.3f min %.3f max %.3f'%(len(q),st.median(q),g(q),min(q),max(q)))
# per set: pc vs pad (now)
for s in 'ABD':
  pc=get('now','pc'+s,'padcopy'); pd=get('now','pad'+s,'pad')
  ks=[k for k in pc if k in pd]
  q=[pc[k]['median_ms']/pd[k]['median_ms'] for k in ks]
  print('set %s padcopy/pad %d: median %.3f gmean %.3f min %.3f max %.3f'%(s,len(q),st.median(q),g(q),min(q),max(q)))
# oracle best over all forced + auto
best=collections.defaultdict(lambda:1e9)
for k,x in r.items():
  if k[0]=='now' and k[3]=='f4' and k[1][:-1] in ('auto','pcA','padA','pcB','padB','pcD','padD'):
    best[k[4:]]=min(best[k[4:]],x['median_ms'])
now=get('now','auto','auto')
q=[best[k]/now[k]['median_ms'] for k in now]
rat=[t[k]/best[k] for k in now]
print('oracle over sets/strategies: best/auto median %.3f gmean %.3f min %.3f; vs cuBLAS median %.3f'%(st.median(q),g(q),min(q),st.median(rat)))
if len(sys.argv)>2:
  for k in sorted(now,key=lambda k:t[k]/now[k]['median_ms']):
    row=[]
    for s in ['padA','pcA','padB','pcB','padD','pcD']:
      d=get('now',s,'pad' if s.startswith('pad') else 'padcopy')
      row.append('%.3f'%(d[k]['median_ms']) if k in d else '  -  ')
    print('%5d %5d %5d auto %.3f (%s) cub %.3f ratio %.2f | %s'%(*k,now[k]['median_ms'],now[k]['chosen'][:3]+str(now[k]['params']['mwg'])+'x'+str(now[k]['params']['nwg']),t[k],t[k]/now[k]['median_ms'],' '.join(row)))
# named by dtype
for tag in ['named','f2','f8','tf32']:
  for k,x in sorted(r.items()):
    if k[0]=='now' and k[1]==tag:
      o=r.get(('h0',)+k[1:])
      print(tag,k[2],k[3],k[4:],'now %.4f h0 %s'%(x['median_ms'],'%.4f'%o['median_ms'] if o else '-'), 'ratio %.3f'%(x['median_ms']/o['median_ms']) if o else '', x['chosen'])
