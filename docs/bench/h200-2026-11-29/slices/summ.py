import json, gzip, sys, collections
d = sys.argv[1]
tor = {}
for l in gzip.open(d + '/torch.jsonl.gz', 'rt'):
    x = json.loads(l); tor[(x['m'], x['n'], x['k'])] = x
auto = {}
for l in gzip.open(d + '/mm.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') == 'txf' and 'm' in x: auto[(x['m'], x['n'], x['k'])] = x
var = collections.defaultdict(dict)
for l in gzip.open(d + '/var.jsonl.gz', 'rt'):
    x = json.loads(l)
    if x.get('impl') == 'txf' and 'm' in x and x.get('median_ms'):
        var[(x['m'], x['n'], x['k'])][x['variant'] + ' ' + (x.get('strategy') or '')] = x
rs = []
for s, x in sorted(auto.items(), key=lambda kv: tor[kv[0]]['ms'] / kv[1]['median_ms']):
    r = tor[s]['ms'] / x['median_ms']; rs.append(r)
    best = min(var[s].items(), key=lambda kv: kv[1]['median_ms']) if var[s] else None
    p = x['params']
    ps = f"{x['chosen']} {p.get('mwg')}x{p.get('nwg')}x{p.get('kwg')} d{p.get('mdimc')}x{p.get('ndimc')} ks{p.get('ksplit')} dot{p.get('dot')} kvec{p.get('kvec')}"
    bs = f"best forced {best[0]} {tor[s]['ms']/best[1]['median_ms']:.2f}" if best else ''
    print(f"{s[0]}x{s[1]}x{s[2]} auto {x['median_ms']*1e3:.1f}us cublas {tor[s]['ms']*1e3:.1f}us ratio {r:.2f} [{ps}] {bs}")
rs.sort(); print('n', len(rs), 'min', rs[0], 'median', rs[len(rs)//2], 'under 0.8:', sum(r < 0.8 for r in rs))
