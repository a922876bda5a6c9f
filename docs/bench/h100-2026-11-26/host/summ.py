# python3 summ.py data [x]: products against cuBLAS (fastest of the rounds), each build's time
# over h0's per shape; transposes' time over h0's and ratio to the copy; x: the named shapes.
import json,sys,statistics as st,math,gzip
d=sys.argv[1]
t={}
for f in ['torch1.jsonl','torch2.jsonl']:
  try:
    for l in open(d+'/'+f):
      x=json.loads(l); t.setdefault((x['m'],x['n'],x['k']),[]).append(x['ms'])
  except FileNotFoundError: pass
tm={k:min(v) for k,v in t.items()}
r={}
for l in gzip.open(d+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x.get('impl')!='txf': continue
  k=(x['m'],x['n'],x['k']); r.setdefault((x['b'],x['set']),{}).setdefault(k,[]).append(x['median_ms'])
for s in ['sweep','named']:
  for b in ['h0','host','both']:
    v=r.get((b,s),{})
    rat=[tm[k]/min(ms) for k,ms in v.items() if k in tm]
    print(s,b,'n',len(rat),'median %.3f gmean %.3f min %.2f'%(st.median(rat),math.exp(sum(map(math.log,rat))/len(rat)),min(rat)))
  # per-shape time ratio vs h0
  for b in ['host','both']:
    q=[min(r[(b,s)][k])/min(r[('h0',s)][k]) for k in r[('h0',s)]]
    print(' ',s,b,'time/h0 median %.3f gmean %.3f min %.3f max %.3f'%(st.median(q),math.exp(sum(map(math.log,q))/len(q)),min(q),max(q)))
if len(sys.argv)>2:
  for k in sorted(r[('h0','named')]):
    print(k, 'torch %.4f'%tm[k], ' '.join('%s %.4f'%(b,min(r[(b,'named')][k])) for b in ['h0','host','both']))
tr={}
for l in gzip.open(d+'/tr.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')=='transpose' and x['impl']=='txf':
    tr.setdefault(x['b'],{})[(x['rows'],x['cols'])]=x
for b in ['host','both']:
  q=[tr[b][k]['min_ms']/tr['h0'][k]['min_ms'] for k in tr['h0']]
  print('transpose f4 sweep (20 shapes, 64-2048)',b,'time/h0 median %.3f gmean %.3f'%(st.median(q),math.exp(sum(map(math.log,q))/len(q))))
for b in ['h0','host','both']:
  print('transpose',b,'vs copy median %.3f'%st.median([v['ratio'] for v in tr[b].values()]))
