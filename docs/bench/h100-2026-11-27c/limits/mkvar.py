"""f64 ablation variants of cl/matmul.cl's matrix-unit pipeline (results wrong by design except v0)."""
import shutil, sys, os
root, out = sys.argv[1], sys.argv[2]
src = open(os.path.join(root, 'cl/matmul.cl')).read()
loadif = "\tif (next < steps) {\n\t\tif (vec)\n\t\t\tstage_vec("
bar = "\tSTAGE_WAIT();\n\tbarrier(CLK_LOCAL_MEM_FENCE);\n\tconst ulong next = i + LBUF - 1;"
mma = """			mma_op(acc[i][j], acc[i + MI - 1][j], af[i], af[i + MI - 1], ah[i],
			       ah[i + MI - 1], bf[j], bh[j]);"""
frag = "\t\t} else {\n\t\t\tx[i] = kin ? tile[KF_IDX(r, k + t)] : tile[KM_IDX(k + t, r, w)];"
for x in (loadif, bar, mma, frag):
    assert src.count(x) == 1, x
nobar = bar.replace("\n\tbarrier(CLK_LOCAL_MEM_FENCE);", "")
noload = src.replace(loadif, loadif.replace("if (next < steps)", "if (next < steps && next + 1 < LBUF)"))
V = {
    'v0': src,
    'v1noload': noload,
    'v3nolnobar': noload.replace(bar, nobar),
    'v4nobar': src.replace(bar, nobar),
    'v5nomma': src.replace(mma, "\t\t\tacc[i][j][0] = fma(af[i], bf[j], acc[i][j][0]);"),
    'v6nofrag': src.replace(frag, "\t\t} else {\n\t\t\tx[i] = as_double((ulong)(tile + r + k + t));"),
}
for k, s in V.items():
    d = os.path.join(out, k)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(root, 'cl'), d)
    open(os.path.join(d, 'matmul.cl'), 'w').write(s)
