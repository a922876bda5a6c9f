"""f64/f16 copy ablation: where the cp.async copies cost (results wrong by design except v0, vca, vpf*)."""
import shutil, sys, os
root, out = sys.argv[1], sys.argv[2]
src = open(os.path.join(root, 'cl/matmul.cl')).read()
adva = "\t\tp->a[l] += p->ka;\n"
advb = "\t\tp->b[l] += p->kb;\n"
cg = 'asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"'
cpa = "\t\t\tstage_copy4(al + p->da[l], p->a[l]);\n"
cpb = "\t\t\tstage_copy4(bl + p->db[l], p->b[l]);\n"
for x in (adva, advb, cg, cpa, cpb):
    assert src.count(x) == 1, x
def pf(d):
    s = src.replace(cpa, cpa + '\t\tasm volatile("prefetch.global.L2 [%%0];" ::"l"(p->a[l] + %d * p->ka));\n' % d)
    return s.replace(cpb, cpb + '\t\tasm volatile("prefetch.global.L2 [%%0];" ::"l"(p->b[l] + %d * p->kb));\n' % d)
V = {
    'v0': src,
    'vfix': src.replace(adva, "").replace(advb, ""),
    'vfixA': src.replace(adva, ""),
    'vfixB': src.replace(advb, ""),
    'vca': src.replace(cg, cg.replace(".cg.", ".ca.")),
    'vpf4': pf(4),
    'vpf12': pf(12),
}
for k, s in V.items():
    d = os.path.join(out, k)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(root, 'cl'), d)
    open(os.path.join(d, 'matmul.cl'), 'w').write(s)
