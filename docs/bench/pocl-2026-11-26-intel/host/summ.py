# python3 summ.py: this tree ("now") over 4b79861 ("old"), fastest of three rounds per shape, auto.
import json,statistics as st,math,gzip
r={}
for l in gzip.open('data/all.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('impl')!='txf' or x.get('check')!='OK': continue
  k=(x['op'],x.get('dtype'),x.get('rows',x.get('m')),x.get('cols',x.get('n')),x.get('k'))
  d=r.setdefault(k,{}); d[x['b']]=min(d.get(x['b'],9e9),x['min_ms'])
for op in ['transpose','matmul']:
  ks=[k for k in r if k[0]==op]
  q=[r[k]['now']/r[k]['old'] for k in ks]
  print('%s (%d cases): time now/old median %.3f gmean %.3f min %.3f max %.3f'%(op,len(q),st.median(q),math.exp(sum(map(math.log,q))/len(q)),min(q),max(q)))
