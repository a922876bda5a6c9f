"""regret.py DIR [-v]: per product the fastest forced set (sets.sh, one K slice) against auto and
OpenBLAS (auto.jsonl), fastest median over the rounds."""
import gzip, json, glob, collections, math, statistics as st, sys
D=sys.argv[1]
t=collections.defaultdict(lambda:1e9); fails=collections.Counter()
for f in glob.glob(D+"/*.jsonl*"):
    name=f.split("/")[-1].replace(".gz","").replace(".jsonl","").replace("set-","").replace("-k1","")
    for l in (gzip.open(f, "rt") if f.endswith(".gz") else open(f)):
        x=json.loads(l)
        if x.get("op")!="matmul": continue
        if x.get("min_ms") is None: fails[name]+=1; continue
        impl=x["impl"]; key=name if impl=="txf" else impl
        if name=="auto" and impl=="txf":
            p=x["params"]; key="auto"
        s=(x["m"],x["n"],x["k"]); t[s,key]=min(t[s,key],x["median_ms"])
print("fails",dict(fails))
shapes=sorted({s for s,k in t})
reg=[]; ab=[]; bb=[]
for s in shapes:
    sets={k:v for (ss,k),v in t.items() if ss==s and k not in("auto","blas")}
    if not sets or (s,"auto") not in t: continue
    bk=min(sets,key=sets.get); a=t[s,"auto"]; b=t.get((s,"blas"))
    reg.append(a/sets[bk]); 
    if b: ab.append(b/a); bb.append(b/sets[bk])
    if "-v" in sys.argv: print("%5dx%5dx%5d auto %.4f best %-7s %.4f regret %.2f blas %.4f  blas/auto %.2f blas/best %.2f"%(s+(a,bk,sets[bk],a/sets[bk],b or 0,(b or 0)/a,(b or 0)/sets[bk])))
gm=lambda v: math.exp(sum(map(math.log,v))/len(v))
print(len(reg),"shapes: auto/best median %.3f gm %.3f max %.2f >1.1: %d"%(st.median(reg),gm(reg),max(reg),sum(r>1.1 for r in reg)))
print("blas/auto median %.2f gm %.2f below1 %d ; blas/best median %.2f gm %.2f below1 %d"%(st.median(ab),gm(ab),sum(r<1 for r in ab),st.median(bb),gm(bb),sum(r<1 for r in bb)))
