exec(open('valsumm.py').read().split("print()")[0].replace("print('changed","0 and print('changed").replace("        print('%-14s","        0 and print('%-14s"))
import sys
th = float(sys.argv[1])
T = {}
for s in shapes:
    T[s] = t[(s, 'new')] if s[0]*s[1]*s[2] >= th else t[(s, 'old')]
for sel, name in [(lambda s: min(s) >= 1024, 'm,n,k>=1024'), (lambda s: min(s) <= 128, 'a side <=128'), (lambda s: True, 'all')]:
    S = [s for s in shapes if sel(s) and s in cb]
    for tree, tt in (('old', lambda s: t[(s, 'old')]), ('floor', lambda s: T[s])):
        v = [cb[s] / tt(s) for s in S]
        print('%-14s %-5s n %d median %.3f geo %.3f min %.3f under 0.9: %d' % (name, tree, len(v), st.median(v), g(v), min(v), sum(1 for x in v if x < 0.9)))
