import json, gzip, glob, math, statistics as st, sys
RATES={"128x64":(2.29e11,16),"64x32":(1.69e11,16),"32x64":(1.54e11,16),"32x32":(1.65e11,16)}
def model(mwg,nwg,kwg,vwb,rate,m,n,k,cus=2):
    blocks=math.ceil(m/mwg)*math.ceil(n/nwg); per=math.ceil(blocks/cus)
    w=2*mwg*nwg*k
    return 1e-6+per*w/rate+per*mwg*nwg*math.ceil(k/kwg)*2e-9/vwb
def lines(p):
    for f in glob.glob(p):
        for l in (gzip.open(f,"rt") if f.endswith(".gz") else open(f)):
            x=json.loads(l)
            if x.get("op")=="matmul" and x.get("min_ms"): yield x
for D in sys.argv[1:]:
    for name,(rate,vwb) in RATES.items():
        r=[]
        for x in lines(f"{D}/set-{name}-k1.jsonl*"):
            m,n,k=x["m"],x["n"],x["k"]; p=x["params"]
            if min(m,n)<2*p["mwg"] or min(m,n)<2*p["nwg"] or k<512 or x["min_ms"]<0.3: continue
            r.append(model(p["mwg"],p["nwg"],p["kwg"],p["vwb"],rate,m,n,k)/(x["min_ms"]*1e-3))
        if r: print(D.split("/")[-2] if "sets" in D else D, name, len(r), "scale median %.2f  (min %.2f max %.2f)"%(st.median(r),min(r),max(r)))
