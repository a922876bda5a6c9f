exec(open('replay.py').read().split("base = replay")[0])
res = []
for slots in (4, 6, 8, 12, 16):
    for rate in [x * 5e9 for x in range(58, 76)]:
        for r1 in (0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3):
            S = sets(dict(mwg=64, nwg=64, kwg=8, pkwg=8, rate=rate, rate1=rate*r1, slots=slots, packed=1.0))
            lo = []
            for s, d in x.items():
                cand = [(model_time(S[nm], *s, packed=True, sl=ks), nm, ks) for (nm, ks) in d if nm in S]
                _, nm, ks = min(cand)
                lo.append(math.log(d[(nm, ks)] / min(v for (n2, k2), v in d.items() if n2 in S)))
            res.append((sum(lo)/len(lo), slots, rate, r1, sum(1 for v in lo if v > math.log(1.05))))
res.sort()
for r in res[:15]: print('geo %.4f slots %d rate %.0fe9 r1 %.3f  >5%%: %d' % (math.exp(r[0]), r[1], r[2]/1e9, r[3], r[4]))
