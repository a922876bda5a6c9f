exec(open('fit.py').read().split("BUILT =")[0])
import sys
slots, rate, r1 = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
c = dict(mwg=64, nwg=64, kwg=8, pkwg=8, rate=rate, rate1=rate*r1, slots=slots, packed=1.0)
rows=[]
for s, t in meas['P64s'].items():
    m,n,k=s; blocks=math.ceil(m/64)*math.ceil(n/64)
    rows.append((blocks/cus, s, t*1e6, model_time(c,*s,packed=True)*1e6))
rows.sort()
for g, s, t, mt in rows: print('%6.2f %-18s meas %8.1f model %8.1f  %+.3f' % (g, 'x'.join(map(str,s)), t, mt, math.log(mt/t)))
