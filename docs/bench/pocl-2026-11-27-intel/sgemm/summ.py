"""summ.py FILE...: sgemm auto against OpenBLAS (run.sh), fastest median of the rounds per
product; prints the products where OpenBLAS is faster and min / median / geometric mean of
OpenBLAS time over auto time."""
import json, collections, sys, math, statistics as st
t = collections.defaultdict(lambda: 1e9); ch={}
for f in sys.argv[1:]:
  for l in open(f):
    x = json.loads(l)
    if x.get("op")!="matmul" or x.get("min_ms") is None: continue
    k=(x["dtype"],x["m"],x["n"],x["k"],x["impl"]); t[k]=min(t[k],x["median_ms"])
    if x["impl"]=="txf": p=x["params"] or {}; ch[k[:4]]="%s %sx%s ks%s kv%s"%(x["chosen"],p.get("mwg"),p.get("nwg"),p.get("ksplit"),p.get("kvec"))
r=[]
for s in sorted({k[:4] for k in t}):
    if s+("txf",) not in t or s+("blas",) not in t: continue
    a=t[s+("txf",)]; b=t[s+("blas",)]; r.append(b/a)
    if b/a<1.0 or "-v" in sys.argv[0:1]: print("%s %5dx%5dx%5d auto %8.4f blas %8.4f  %.2f  %s"%(s[0],s[1],s[2],s[3],a,b,b/a,ch[s]))
print(len(r),"shapes; blas/auto min %.2f median %.2f geomean %.2f below1 %d"%(min(r),st.median(r),math.exp(sum(map(math.log,r))/len(r)),sum(x<1 for x in r)))
