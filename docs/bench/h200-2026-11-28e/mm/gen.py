# cfg.txt: auto, then every forced set (128 x 128, 128 x 64, 256 x 128; pad and, for the sets with
# packed operands, padcopy; 1 to 6 K slices of at least 8 K steps each) on 31 f32 products: the
# 16 with m, n, k >= 1024 under 0.9 of cuBLAS on the H200 surface at 6c21eae, three named, and 12
# drawn log-uniformly from 1024 to 4096 per side (seed 2812).
import random, math
P = [(2455, 1671, 1300), (1058, 6599, 7883), (1447, 3060, 1270), (1058, 1663, 2305), (1054, 2703, 1657),
     (3470, 1236, 2691), (1074, 7978, 1739), (1786, 1134, 4698), (1346, 5541, 6625), (3673, 1122, 2763),
     (4857, 4395, 1936), (5377, 1450, 1584), (1276, 2610, 1479), (1589, 1450, 7333), (2227, 1325, 2367),
     (1325, 4434, 1116), (1000, 1000, 1000), (2000, 2000, 2000), (1024, 1024, 1024)]
r = random.Random(2812)
lu = lambda a, b: int(round(math.exp(r.uniform(math.log(a), math.log(b)))))
P += [(lu(1024, 4096), lu(1024, 4096), lu(1024, 4096)) for _ in range(12)]
sets = {"M": ("mwg=128,nwg=128,kwg=16,mdimc=16,ndimc=16,vwa=2,vwb=2,lbuf=1,wmap=1,kgroups=1", 1, 16),
        "S": ("mwg=128,nwg=64,kwg=16,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=1,kgroups=1", 0, 16),
        "L": ("mwg=256,nwg=128,kwg=32,mdimc=16,ndimc=16,vwa=4,vwb=4,lbuf=1,wmap=2,kgroups=1", 1, 32)}
print("auto auto - " + ",".join("%dx%dx%d" % p for p in P))
for name, (params, packs, kw) in sets.items():
    for st in (["pad", "padcopy"] if packs else ["pad"]):
        for ks in [1, 2, 3, 4, 6]:
            sh = [p for p in P if ks <= max(1, math.ceil(p[2] / kw) // 8)]
            print("%s-%s-%d %s %s,ksplit=%d %s" % (name, st, ks, st, params, ks, ",".join("%dx%dx%d" % p for p in sh)))
