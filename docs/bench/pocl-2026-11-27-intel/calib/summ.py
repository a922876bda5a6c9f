"""summ.py FILE[.gz]: the products whose choice the calibrated file changes, fastest median of
the rounds each way, and the builtin / calibrated time ratio (above 1: calibrated faster)."""
import gzip, json, collections, sys, math, statistics as st
t=collections.defaultdict(lambda:1e9); ch={}
for l in (gzip.open(sys.argv[1], "rt") if sys.argv[1].endswith(".gz") else open(sys.argv[1])):
    x=json.loads(l)
    if x.get("op")!="matmul" or x.get("median_ms") is None: continue
    k=(x["m"],x["n"],x["k"],x["v"]); t[k]=min(t[k],x["median_ms"])
    p=x["params"]; ch[k]="%s %dx%d ks%d kv%d"%(x["chosen"],p["mwg"],p["nwg"],p["ksplit"],p["kvec"])
r=[];rows=[]
for s in sorted({k[:3] for k in t}):
    a=t.get(s+("builtin",)); b=t.get(s+("calibrated",))
    if not a or not b: continue
    if ch[s+("builtin",)]==ch[s+("calibrated",)]: continue
    r.append(a/b); rows.append((a/b,s,a,b,ch[s+("builtin",)],ch[s+("calibrated",)]))
for x in sorted(rows): print("%.2f %5dx%5dx%5d builtin %.4f calibrated %.4f  %s -> %s"%((x[0],)+x[1]+x[2:]))
gm=lambda v: math.exp(sum(map(math.log,v))/len(v))
print(len(r),"changed of",len({k[:3] for k in t}),": speedup median %.3f gm %.3f min %.2f max %.2f, slower>5%%: %d"%(st.median(r),gm(r),min(r),max(r),sum(x<0.95 for x in r)))
