import json,math,sys,statistics
exec(open(__file__.replace('pick.py','fit.py')).read().split("D=sys.argv")[0])
D=sys.argv[1]; fits=json.load(open(sys.argv[2] if len(sys.argv)>2 else D+'/fits.json'))
meas={}
for l in open(D+'/cfg.jsonl'):
    x=json.loads(l)
    if 'm' in x and x.get('impl')=='txf' and x.get('check')=='OK':
        meas.setdefault((x['m'],x['n'],x['k']),{})[(x['cfg'],x['st']=='padcopy',x['ks'])]=x['median_ms']*1e-3
t={}
for l in open(D+'/torch.jsonl'):
    x=json.loads(l); t[(x['m'],x['n'],x['k'])]=x['ms']*1e-3
auto={}
for l in open(D+'/auto.jsonl'):
    x=json.loads(l)
    if 'm' in x and x.get('impl')=='txf': auto[(x['m'],x['n'],x['k'])]=x['median_ms']*1e-3
rp=[];rb=[];ra=[]
for sh,v in meas.items():
    pick=min(v,key=lambda o: mt(o[0],*fits[o[0]],*sh,o[2],o[1]))
    best=min(v,key=v.get)
    rp.append(t[sh]/v[pick]); rb.append(t[sh]/v[best]); ra.append(t[sh]/auto[sh])
    print(sh,'auto %.2f pick %s %.2f best %s %.2f'%(ra[-1],pick,rp[-1],best,rb[-1]))
for n,r in (('auto',ra),('pick',rp),('best',rb)): print(n,'min %.2f median %.3f gmean %.3f'%(min(r),statistics.median(r),math.exp(sum(map(math.log,r))/len(r))))
