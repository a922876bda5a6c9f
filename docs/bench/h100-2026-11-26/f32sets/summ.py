import gzip,json,sys,statistics as st,math
D=sys.argv[1] if len(sys.argv)>1 else '.'
t={}
for l in open(D+'/torchw1.jsonl'):
  x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']
r={}
for l in gzip.open(D+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x.get('impl')!='txf' or x['check']!='OK': continue
  tag=x['set'].split('_')[0].rstrip('13') if x['set'].startswith('auto') else x['set'].split('_')[0]
  k=(x['m'],x['n'],x['k'])
  r.setdefault(k,{})[(tag,x['strategy'])]=x
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
sets=['auto','A','C1','C2','C3','C5','C6','BIG']
sw=[k for k in r if ('auto','auto') in r[k]]
print('sweep shapes',len(sw))
for s in sets:
  key=(s,'auto' if s=='auto' else 'pad')
  q=[t[k]/r[k][key]['median_ms'] for k in sw if key in r[k]]
  q2=[r[k][('A','pad')]['median_ms']/r[k][key]['median_ms'] for k in sw if key in r[k] and ('A','pad') in r[k]]
  print('%-4s n=%d cuBLAS/this median %.3f gmean %.3f | A/this median %.3f gmean %.3f'%(s,len(q),st.median(q),g(q),st.median(q2),g(q2)))
# best of sets per shape
best=[t[k]/min(r[k][(s,'pad')]['median_ms'] for s in sets[1:] if (s,'pad') in r[k]) for k in sw]
print('best forced: median %.3f gmean %.3f'%(st.median(best),g(best)))
best=[t[k]/min(r[k][(s,'pad')]['median_ms'] for s in ['A','C1'] if (s,'pad') in r[k]) for k in sw]
print('best of A,C1 + auto: median %.3f'%(st.median([max(b,t[k]/r[k][('auto','auto')]['median_ms']) for b,k in zip(best,sw)])))
print()
for k in sorted(sw,key=lambda k:k[0]*k[1]*k[2]):
  a=r[k][('auto','auto')]
  row=' '.join('%s %.3f'%(s,t[k]/r[k][(s,'pad')]['median_ms']) if (s,'pad') in r[k] else '%s  -   '%s for s in sets[1:])
  print('%5d %5d %5d auto %.3f %s'%(*k,t[k]/a['median_ms'],row))
print('named')
for k in sorted(r):
  if k in sw: continue
  print(k, ' '.join('%s/%s %.3f'%(s[0],s[1][:4],t[k]/x['median_ms']) for s,x in sorted(r[k].items())))
