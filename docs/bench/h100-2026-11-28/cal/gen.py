# Products for the cost-model calibration: shallow K under a large C, mid-size, small C over
# deeper K; then per forced config the products it is a candidate for (slices of >= 8 K steps).
import random, math
r = random.Random(2611)
def lu(a, b): return int(round(math.exp(r.uniform(math.log(a), math.log(b)))))
P = []
P += [(lu(1024, 8192), lu(1024, 8192), lu(64, 1024)) for _ in range(22)]
P += [(lu(256, 4096), lu(256, 4096), lu(256, 4096)) for _ in range(14)]
P += [(lu(64, 1024), lu(64, 1024), lu(256, 8192)) for _ in range(10)]
sets = {"M": (128, 128, 16, "mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1", 1),
        "S": (128, 64, 16, "mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=1,kgroups=1", 0),
        "T": (64, 64, 16, "mwg=64,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=1,kgroups=1", 0),
        "L": (256, 128, 32, "mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2,kgroups=1", 1)}
for name, (mw, nw, kw, params, packs) in sets.items():
    for st in ["pad", "padcopy"] if packs else ["pad"]:
        for ks in [1, 2, 3, 4, 6, 8]:
            shapes = [p for p in P if ks <= max(1, math.ceil(p[2] / kw) // 8)]
            for i in range(0, len(shapes), 24):
                ch = shapes[i:i + 24]
                if ch: print("%s-%s-%d %s %s,ksplit=%d %s" % (name, st, ks, st, params, ks, ",".join("%dx%dx%d" % p for p in ch)))
print("auto auto - " + ",".join("%dx%dx%d" % p for p in P[:24]))
print("auto auto - " + ",".join("%dx%dx%d" % p for p in P[24:]))
