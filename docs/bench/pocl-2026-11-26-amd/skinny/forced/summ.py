#!/usr/bin/env python3
"""Fastest of the rounds per shape: skinny (sk) and streaming (st) kernels as
ratios to the copy, their speed ratio, and the shapes where the skinny
kernel loses or is below the BLAS. Usage: summ.py DIR"""
import json,glob,collections,sys,math,gzip
d=sys.argv[1]
best=collections.defaultdict(dict)
for f in glob.glob(d+'/*.jsonl.gz'):
    b=f.split('/')[-1][:-9]; dt=b[:2]; v=b[3:].rsplit('-',1)[0]
    for l in gzip.open(f,'rt'):
        x=json.loads(l)
        if x.get('min_ms') is None: continue
        k=(dt,x['rows'],x['cols'])
        name={'txf':'sk' if v=='1' else 'st'}.get(x['impl'],x['impl'])
        best[k][name]=min(best[k].get(name,1e9),x['min_ms'])
for dt in sorted({k[0] for k in best}):
    rs=[];lose=[]
    for k in sorted(best):
        if k[0]!=dt: continue
        b=best[k]
        r=b['st']/b['sk']; rs.append(r)
        few='rows' if k[1]<k[2] else 'cols'
        line='%s %6dx%-6d %s sk %.2f st %.2f of copy; sk/st speed %.2f%s'%(dt,k[1],k[2],few,b['copy']/b['sk'],b['copy']/b['st'],r,(' blas %.2f'%(b['copy']/b['blas'])) if 'blas' in b else '')
        if r<1.0 or ('blas' in b and b['blas']<b['sk']): lose.append(line)
        print(line)
    rs.sort(); print(dt,'speedup min %.2f median %.2f geo %.2f'%(rs[0],rs[len(rs)//2],math.exp(sum(map(math.log,rs))/len(rs))))
    print('\n'.join('  LOSE '+l for l in lose))
