"""Ratio of cuBLAS's time to each forced set's on the small-K shapes:
python3 summ.py data"""
import json, collections, sys
D = sys.argv[1]
t = {}
for l in open(D + '/torch.jsonl'):
    x = json.loads(l)
    t[(x['m'], x['n'], x['k'])] = x['ms']
d = collections.defaultdict(dict)
for l in open(D + '/auto.jsonl'):
    x = json.loads(l)
    if 'm' in x and x.get('impl') == 'txf':
        d[(x['m'], x['n'], x['k'])]['auto'] = x['median_ms']
for l in open(D + '/cfg.jsonl'):
    x = json.loads(l)
    if 'm' in x and x.get('impl') == 'txf' and x.get('check') == 'OK':
        d[(x['m'], x['n'], x['k'])][x['cfg'] + ('p' if x['st'] == 'padcopy' else '')] = x['median_ms']
keys = ['auto', 'A', 'A8', 'A2', 'A82', 'B', 'D', 'F', 'C', 'Ap', 'A8p', 'Dp', 'Cp']
print('shape', 'cuBLAS ms', ' '.join('%5s' % k for k in keys))
for s in d:
    print(s, '%.3f' % t[s], ' '.join('%5.2f' % (t[s] / d[s][k]) if k in d[s] else '    -' for k in keys))
