import csv, collections, statistics as st, math, sys
d = collections.defaultdict(list); ms = collections.defaultdict(list)
for r in csv.reader(open(sys.argv[1] if len(sys.argv) > 1 else 'ab.csv')):
    if r[3] != 'txf' or r[18] != 'OK': continue
    k = (r[7], r[5] + 'x' + r[6]); d[(k, r[1])].append(float(r[17])); ms[(k, r[1])].append(float(r[13]))
ks = sorted({k for k, v in d}, key=lambda k: (k[0], int(k[1].split('x')[0]) * int(k[1].split('x')[1])))
rat = []
for k in ks:
    a, b = st.median(ms[(k, 'old')]), st.median(ms[(k, 'new')])
    rat.append(a / b)
    print('%s %10s of copy: before %.2f after %.2f (medians of %d rounds); time before / after %.2f' % (k[0], k[1], st.median(d[(k, 'old')]), st.median(d[(k, 'new')]), len(ms[(k, 'new')]), a / b))
print('geomean time before / after %.3f over %d' % (math.exp(sum(map(math.log, rat)) / len(rat)), len(rat)))
