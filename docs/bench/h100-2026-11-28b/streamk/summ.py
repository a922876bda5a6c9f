# summ.py DIR: cuBLAS's time over each variant's (the fastest median of the rounds) per product
# of DIR/mm.jsonl(.gz) and DIR/torch.jsonl; '!' marks a failed check.
import json,sys,collections,math,gzip,os
f=sys.argv[1]+'/mm.jsonl'
rows=[json.loads(l) for l in (open(f) if os.path.exists(f) else gzip.open(f+'.gz','rt'))]
tor={}
for l in open(sys.argv[1]+'/torch.jsonl'):
    x=json.loads(l); tor[(x['m'],x['n'],x['k'])]=x['ms']
t=collections.defaultdict(lambda:1e9); ok=collections.defaultdict(lambda:True)
gs=sorted({x['g'] for x in rows}, key=str)
for x in rows:
    if x.get('op')!='matmul' or x.get('impl')!='txf': continue
    k=(x['m'],x['n'],x['k'],x['g'])
    if x.get('check')!='OK': ok[k]=False; continue
    t[k]=min(t[k],x['median_ms'])
shapes=[]
for x in rows:
    if x.get('op')=='matmul' and x.get('impl')=='txf':
        s=(x['m'],x['n'],x['k'])
        if s not in shapes: shapes.append(s)
print('shape            cublas  ' + ' '.join('%-7s'%g for g in gs))
best=[];aut=[]
for s in shapes:
    c=tor.get(s)
    vals=[]
    for g in gs:
        k=s+(g,)
        vals.append('%.3f%s'%(c/t[k] if t[k]<1e9 else 0,'' if ok[k] else '!'))
    print('%-18s %.4f '%('x'.join(map(str,s)),c)+' '.join('%-7s'%v for v in vals))
