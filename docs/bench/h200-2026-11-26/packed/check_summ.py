import json,glob,collections,sys
D=sys.argv[1]
d=collections.defaultdict(list); ch={}
for f in glob.glob(D+'/*.jsonl'):
    v,dt,r=f.split('/')[-1][:-6].split('-')
    for l in open(f):
        x=json.loads(l)
        if x.get('impl')!='txf' or 'rows' not in x: continue
        k=(dt,x['rows'],x['cols'],v)
        d[k].append(x['ratio'] if x.get('check')=='OK' else None)
        ch[k]=(x.get('params') or {}).get('packed')
for dt in ('u1','u2'):
    for s in sorted({(k[1],k[2]) for k in d if k[0]==dt}):
        b=[x for x in d[(dt,)+s+('before',)] if x]; a=[x for x in d[(dt,)+s+('after',)] if x]
        print(f'{dt} {s[0]}x{s[1]}: before {min(b):.2f}-{max(b):.2f} (packed {ch[(dt,)+s+("before",)]}) after {min(a):.2f}-{max(a):.2f} (packed {ch[(dt,)+s+("after",)]})')
