import sys, math
sys.argv=['x']
exec(open('docs/bench/h200-2026-11-29/model/fit.py').read().split("meas = {}")[0])
SETS['T']=dict(mwg=64,nwg=64,kwg=16,rate=210e9,rate1=178e9,slots=4,packed=0)
def pick(m,n,k,E,SETS):
    opts=[]
    for name,c in SETS.items():
        steps=math.ceil(k/c['kwg']); slmax=max(1,min(1024,steps//8))
        for sl in range(1,slmax+1):
            for pk in ([False,True] if c['packed'] else [False]):
                opts.append((model_time(c,m,n,k,sl,pk,E),name,sl,pk))
    return min(opts)
E['pack_bytes_s']=3e12
S2={k:dict(v) for k,v in SETS.items()}; S2['L']['packed']=1.4
E2=dict(E); E2['pack_bytes_s']=6e12
for s in [(8192,128,8192),(2048,2048,2048),(1024,1024,1024),(5821,8196,33),(10467,4157,116),(4096,4096,64),(4096,4096,4096),(8192,8192,8192),(4093,4093,4093),(999,666,777),(1000,1000,1000),(3000,5000,700)]:
    print(s, 'old', pick(*s,E,SETS)[1:], 'new', pick(*s,E2,S2)[1:])
print('---')
import gzip, json, itertools
meas={}
for l in gzip.open('docs/bench/h200-2026-11-28e/mm/cal.jsonl.gz','rt'):
    x=json.loads(l)
    if 'm' not in x or x['tag']=='auto': continue
    name,st,ks=x['tag'].split('-'); meas.setdefault((x['m'],x['n'],x['k']),{})[(name,st=='padcopy',int(ks))]=x['median_ms']
def ev(E,S):
    L=[]
    for s,v in meas.items():
        p=min(v,key=lambda o:model_time(S[o[0]],*s,o[2],o[1],E)); L.append(v[p]/min(v.values()))
    return math.exp(sum(map(math.log,L))/len(L))
SH=[(1024,1024,1024),(8192,128,8192),(2048,2048,2048),(1000,1000,1000),(999,666,777)]
res=[]
for pm,pl,pb,rl in itertools.product([1.05,1.08],[1.32,1.36,1.4],[3e12,4e12,6e12],[240e9]):
    S={k:dict(v) for k,v in SETS.items()}; S['M']['packed']=pm; S['L']['packed']=pl
    E3=dict(E); E3['pack_bytes_s']=pb
    picks=[pick(*s,E3,S)[1:] for s in SH]
    res.append((ev(E3,S),pm,pl,pb,picks[0]))
for r in sorted(res): print('%.4f M %.2f L %.2f pack %.0e  1024^3 %s'%r)
print('===')
h100={}
for l in gzip.open('docs/bench/h100-2026-11-26/clip/fit/mm.jsonl.gz','rt'):
    x=json.loads(l)
    if x.get('impl')!='txf' or x.get('check')!='OK' or not x['set'].startswith('fit'): continue
    h100.setdefault((x['m'],x['n'],x['k']),{})[({'A':'M','B':'S','C':'L'}[x['set'][3]],x['strategy']=='padcopy',1)]=x['median_ms']
def ev2(data,E,S):
    L=[]
    for s,v in data.items():
        opts=[o for o in v if not(o[1] and not S[o[0]]['packed'])]
        p=min(opts,key=lambda o:model_time(S[o[0]],*s,o[2],o[1],E)); L.append(v[p]/min(v[o] for o in opts))
    return math.exp(sum(map(math.log,L))/len(L)), sum(l>1.03 for l in L)
for pl,pb in [(1.32,3e12),(1.36,6e12),(1.40,6e12)]:
    S={k:dict(v) for k,v in SETS.items()}; S['L']['packed']=pl
    E3=dict(E); E3['pack_bytes_s']=pb
    print(pl,pb,'H100 fit data', ev2(h100,E3,S), 'H200 mm', ev(E3,S))
    for s in SH+[(5821,8196,33),(10467,4157,116),(4096,4096,64),(40,30,700),(4096,4096,4096)]:
        print('   ',s,pick(*s,E3,S)[1:])
print('###')
for pl,pb in [(1.32,3e12),(1.36,6e12)]:
    S={k:dict(v) for k,v in SETS.items()}; S['L']['packed']=pl
    E3=dict(E); E3['pack_bytes_s']=pb
    for s in [(2120,3885,4756),(6050,462,7367),(5727,4226,92),(1965,3442,2289)]:
        print(pl, s, pick(*s,E3,S))
