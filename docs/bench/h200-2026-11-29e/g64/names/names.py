# The kernels cuBLAS ran (names.jsonl from cublas_names.py): shape, mean time, name.
import json
for l in open('names.jsonl'):
    x = json.loads(l)
    for nm, (c, t) in x['kernels'].items():
        if 'Memset' in nm: continue
        print('%5dx%5dx%5d %8.1f us  %s' % (x['m'], x['n'], x['k'], t, nm[:120]))
