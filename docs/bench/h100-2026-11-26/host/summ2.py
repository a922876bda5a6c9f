# python3 summ2.py data2 h0,host: products against cuBLAS (PyTorch: torch = the 2026-11-25 harness,
# torchw = mm_torch.py here, warmed up 20 ms) per sweep and over all; time over the first build's.
import json,sys,statistics as st,math,gzip
d=sys.argv[1]; bs=sys.argv[2].split(',')
def tload(pat):
  t={}
  for R in (1,2):
    try:
      for l in open('%s/%s%d.jsonl'%(d,pat,R)):
        x=json.loads(l); t.setdefault((x['m'],x['n'],x['k']),[]).append(x['ms'])
    except FileNotFoundError: pass
  return {k:min(v) for k,v in t.items()}
T={'old':tload('torch'),'warm':tload('torchw')}
r={}
for l in gzip.open(d+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('op')!='matmul' or x.get('impl')!='txf': continue
  k=(x['m'],x['n'],x['k']); r.setdefault((x['b'],x['set']),{}).setdefault(k,[]).append(x['median_ms'])
sets=sorted(set(s for b,s in r))
g=lambda q: math.exp(sum(map(math.log,q))/len(q))
for s in sets+['allsweeps']:
  ss=[x for x in sets if x.startswith('sweep')] if s=='allsweeps' else [s]
  for b in bs:
    for tn,t in T.items():
      rat=[t[k]/min(ms) for x in ss for k,ms in r[(b,x)].items() if k in t]
      print('%-9s %-6s torch-%s n %d median %.3f gmean %.3f min %.2f'%(s,b,tn,len(rat),st.median(rat),g(rat),min(rat)))
  for b in bs[1:]:
    q=[min(r[(b,x)][k])/min(r[(bs[0],x)][k]) for x in ss for k in r[(bs[0],x)]]
    print('   %s time/%s median %.3f gmean %.3f min %.3f max %.3f'%(b,bs[0],st.median(q),g(q),min(q),max(q)))
