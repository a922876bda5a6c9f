#!/usr/bin/env python3
"""Skinny transposes against the copy per shape: ratio, kernel, check.
Usage: summ.py DIR (the skinny-*.jsonl.gz of run.sh)"""
import sys,json,glob,gzip
for f in sorted(glob.glob(sys.argv[1]+'/skinny-*.jsonl.gz')):
    cp={}
    for l in gzip.open(f,'rt'):
        x=json.loads(l)
        k=(x['rows'],x['cols'])
        if x['impl']=='copy': cp[k]=x['min_ms']
        elif x['impl']=='txf' and x['min_ms']:
            p=x['params']; kern='skinny' if p.get('skinny') else 'packed%d'%p['packed'] if p.get('packed') else 'stream' if p.get('stream') else 'tiled'
            print('%-4s %8dx%-8d %.2f %s %s'%(x['dtype'],k[0],k[1],cp[k]/x['min_ms'],kern,x['check']))
