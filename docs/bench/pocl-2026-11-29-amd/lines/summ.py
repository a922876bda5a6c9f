import csv,collections,statistics as st,sys
d=collections.defaultdict(list)
for r in csv.reader(open(sys.argv[1] if len(sys.argv)>1 else 'out.csv')):
    rnd,stores,op,impl=r[0],r[1],r[2],r[3]
    if impl!='txf': continue
    key=(r[7],r[5]+'x'+r[6],stores)
    d[key].append(float(r[17]))
shapes=sorted({(k[0],k[1]) for k in d},key=lambda x:(x[0],int(x[1].split('x')[0])*int(x[1].split('x')[1])))
for dt,s in shapes:
    a=d[(dt,s,'1')];b=d[(dt,s,'-1')]
    print(f"{dt} {s:>10} nt med {st.median(a):.2f} max {max(a):.2f} | ord med {st.median(b):.2f} max {max(b):.2f}")
