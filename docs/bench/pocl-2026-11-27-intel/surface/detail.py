"""detail.py FILE: per transpose shape the copy, auto (and its kernel) and OpenBLAS, fastest
median of the rounds (FILE from ../../pocl-2026-11-27-amd/surface/run.sh)."""
import json, collections, sys
t = collections.defaultdict(lambda: 1e9); ch={}
for l in open(sys.argv[1]):
    x = json.loads(l)
    if "rows" not in x or x.get("median_ms") is None: continue
    k = (x["dtype"], x["rows"], x["cols"], x["impl"]); t[k] = min(t[k], x["median_ms"])
    if x["impl"]=="txf": p=x["params"]; ch[k[:3]]="%s t%s s%s st%s sk%s pk%s"%(x["chosen"],p["tile"],p["stream"],p["stores"],p["skinny"],p["packed"])
for s in sorted({k[:3] for k in t}):
    if s+("txf",) not in t: continue
    c=t[s+("copy",)]; a=t[s+("txf",)]; b=t.get(s+("blas",))
    print("%-3s %6dx%-6d %7.1fKB copy %8.4f auto %8.4f (%.2f) blas %s  %s"%(s[0],s[1],s[2],s[1]*s[2]*{"u1":1,"f2":2,"f4":4,"f8":8}[s[0]]/1e3,c,a,c/a,"%8.4f"%b if b else "-",ch[s]))
