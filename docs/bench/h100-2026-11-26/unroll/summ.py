# this tree (now) against f324db6 (h0): python3 summ.py unrolled|linear|blocks|f64 (blocks: B is the tree, A the loop unrolled with the guard too)
import gzip,json,sys,statistics as st
D=sys.argv[1] if len(sys.argv)>1 else 'linear'
r={}; bad=0
for l in gzip.open(D+'/mm.jsonl.gz','rt'):
  x=json.loads(l)
  if x.get('impl')!='txf': continue
  if x['check']!='OK': bad+=1; continue
  k=(x['set'],x['m'],x['n'],x['k'],x['strategy'])
  r.setdefault(k,{}).setdefault({'B':'now'}.get(x['b'],x['b']),[]).append(x['median_ms'])
print('not OK',bad)
for k,d in r.items():
  if 'now' in d and 'h0' in d:
    n,h=min(d['now']),min(d['h0'])
    print('%-8s %5d x %5d x %5d %-5s now %.4f ms %.1f TF  h0 %.4f ms %.1f TF  now/h0 %.3f'%(k[0],*k[1:4],k[4],n,2*k[1]*k[2]*k[3]/n/1e9,h,2*k[1]*k[2]*k[3]/h/1e9,n/h))
