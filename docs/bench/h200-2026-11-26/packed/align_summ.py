import json,glob,collections,sys
D=sys.argv[1]
d=collections.defaultdict(list)
for f in glob.glob(D+'/*.jsonl'):
    dt,r,kind=f.split('/')[-1][:-6].split('-')
    for l in open(f):
        x=json.loads(l)
        if x.get('impl')!='txf' or 'rows' not in x: continue
        k=(dt,x['rows'],x['cols'],kind+('' if kind!='auto' else '-'+x['strategy']))
        d[k].append(x.get('ratio') if x.get('check')=='OK' else None)
for dt,w in (('u1',4),('u2',2)):
  for s in sorted({(k[1],k[2]) for k in d if k[0]==dt}):
    line=f'{dt} {s[0]}x{s[1]} input rows {"on" if s[1]%w==0 else "off"} words, output {"on" if s[0]%w==0 else "off"}:'
    for kind in ('auto-auto','packed','runs'):
        v=[x for x in d.get((dt,)+s+(kind,),[]) if x]
        line+=f' {kind.replace("auto-","")} {min(v):.2f}-{max(v):.2f}' if v else f' {kind} -'
    print(line)
