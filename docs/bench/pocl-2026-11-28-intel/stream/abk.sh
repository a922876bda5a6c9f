#!/bin/bash
# abk.sh DTYPE SHAPES DIR... : auto with the kernels of each DIR (a copy of cl/) in turn, three rounds,
# this build (TXF, default exp/rel/tools/txf/txf); min_ms per DIR and the copy
D=$1; SH=$2; shift 2
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_BINARY_CACHE=0
for r in 1 2 3; do for v in "$@"; do
  TXF_KERNEL_PATH=$v ${TXF:-exp/rel/tools/txf/txf} bench transpose --dtype $D --shape $SH --strategy auto --repeat ${REP:-30} --format json 2>/dev/null | sed "s|^{|{\"v\":\"$v\",\"r\":$r,|"
done; done | python3 -c "
import sys,json,collections
t=collections.defaultdict(lambda:1e9); c=collections.defaultdict(lambda:1e9); order=[]
for l in sys.stdin:
  x=json.loads(l)
  if 'rows' not in x or x.get('min_ms') is None: continue
  s=(x['rows'],x['cols'])
  if x['impl']=='copy': c[s]=min(c[s],x['min_ms']); continue
  if x['impl']!='txf': continue
  if x['check']!='OK': print('BAD',x)
  k=(s,x['v']); t[k]=min(t[k],x['min_ms'])
  if s not in order: order.append(s)
vs=sorted({k[1] for k in t})
for s in order:
  print('%5dx%-6d copy %.4f '%(s[0],s[1],c[s])+' '.join('%s %.4f (%.2f)'%(v,t[(s,v)],c[s]/t[(s,v)]) for v in vs))
"
