"""Write the variant kernel trees of the limits experiment: each is a copy
of cl/ with one change to matmul.cl's matrix-unit pipeline. Their results
are wrong by design (except v0); tm.c times them without checking.
usage: python3 make_variants.py REPO_ROOT OUT_DIR"""
import shutil, sys, os
root, out = sys.argv[1], sys.argv[2]
src = open(os.path.join(root, 'cl/matmul.cl')).read()
loop = """		if (next < steps) {
			if (vec)
				stage_vec(al + ns * A_STAGE, bl + ns * B_STAGE, &plan, next, tid);"""
bar = """	for (ulong i = 0; i < steps; i++) {
		STAGE_WAIT();
		barrier(CLK_LOCAL_MEM_FENCE);"""
bvec = """		if (CB % WGS == 0 || tid + l * WGS < CB)
			stage_copy4(bl + p->db[l], p->b[l] + step * p->kb);"""
mma = """			mma_op(acc[i][j], acc[i + MI - 1][j], af[i], af[i + MI - 1], ah[i],
			       ah[i + MI - 1], bf[j], bh[j]);"""
for x in (loop, bar, bvec, mma):
    assert src.count(x) == 1
nobar = bar.replace("\n\t\tbarrier(CLK_LOCAL_MEM_FENCE);", "")
noload = src.replace(loop, loop.replace("if (next < steps)", "if (next < steps && next + 1 < LBUF)"))
V = {
    'v0': src,                                   # the tree's kernel
    'v1noload': noload,                          # only the first stages are loaded
    'v2aonly': src.replace(bvec, bvec.replace("if (CB % WGS", "if (step < LBUF && (CB % WGS")
                           .replace("< CB)", "< CB))")),   # B loaded only at first
    'v3nolnobar': noload.replace(bar, nobar),    # no loads, no barrier
    'v4nobar': src.replace(bar, nobar),          # loads, no barrier
    'v5nomma': src.replace(mma, "\t\t\tacc[i][j][0] = fma(af[i], bf[j], acc[i][j][0]);"),
}
for k, s in V.items():
    d = os.path.join(out, k, 'cl')
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(root, 'cl'), d)
    open(os.path.join(d, 'matmul.cl'), 'w').write(s)
