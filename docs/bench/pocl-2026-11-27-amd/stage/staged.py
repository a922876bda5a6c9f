# staged.py RUN.jsonl.gz...: the shapes whose kernel changed (4- and 8-byte
# elements, output rows off 64-byte lines, input over the 32 MiB cache POCL
# reports here): ratio to copy before -> after per run, and min / median.
import collections, gzip, json, statistics as st, sys
CACHE = 32 << 20
for f in sys.argv[1:]:
    best = collections.defaultdict(lambda: 1e9)
    copy = collections.defaultdict(lambda: 1e9)
    for l in gzip.open(f, 'rt'):
        o = json.loads(l)
        r = o['j']
        k = (r['dtype'], r['rows'], r['cols'])
        if r['impl'] == 'copy':
            copy[k] = min(copy[k], r['min_ms'])
        if r['impl'] == 'txf' and r['min_ms']:
            best[('new' if 'main' in o['v'] else 'old',) + k] = min(best[('new' if 'main' in o['v'] else 'old',) + k], r['min_ms'])
    rows = []
    for k in sorted(copy):
        E = {'f4': 4, 'f8': 8}.get(k[0])
        if not E or k[1] * E % 64 == 0 or k[1] * k[2] * E <= CACHE:
            continue
        b, a = copy[k] / best[('old',) + k], copy[k] / best[('new',) + k]
        rows.append((k, b, a))
        print('%s %s %dx%d %.2f -> %.2f' % (f.split('/')[-1], k[0], k[1], k[2], b, a))
    for t in ('f4', 'f8'):
        q = [r for r in rows if r[0][0] == t]
        if q:
            print('%s %s: %d shapes, min %.2f -> %.2f, median %.2f -> %.2f, time after/before median %.2f' % (
                f.split('/')[-1], t, len(q), min(r[1] for r in q), min(r[2] for r in q),
                st.median(r[1] for r in q), st.median(r[2] for r in q), st.median(r[1] / r[2] for r in q)))
