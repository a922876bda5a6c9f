"""Bulk-copy experiment for the f16 / TF32 kernel (packed K x M and K x N operands).
vbrow: each stage's rows as one bulk copy each (2 KWG copies of a row, lanes of warp 0; results right).
vb2: each stage as two bulk copies of A_STAGE / B_STAGE contiguous elements (wrong data, same volume)."""
import shutil, sys, os
root, out = sys.argv[1], sys.argv[2]
src = open(os.path.join(root, 'cl/matmul.cl')).read()
xs = "#define MMA_XS __local real_t *xs = 0\n"
pipe_head = "inline void mma_pipeline(real_t acc[TM][TN][2], __local real_t *al, __local real_t *bl,"
plan = "\tconst uint lb = B_LIN ? frag_lane(B_KIN, NWG, wn0, g, t) : 0;\n"
for x in (xs, pipe_head, plan):
    assert src.count(x) == 1, x
helpers = r'''
#define BULK_ON (TXF_NV_PTX && !TXF_DOUBLE && TRANS_A && !TRANS_B)
#if BULK_ON
inline uint lds_addr(__local const void *p) { return (uint)(ulong)p; }
inline void bulk_copy(__local real_t *dst, __global const real_t *src, uint bytes, uint bar)
{
	asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], "
	             "%2, [%3];" ::"r"(lds_addr(dst)), "l"(src), "r"(bytes), "r"(bar) : "memory");
}
inline void bulk_issue(__local real_t *al, __local real_t *bl, __local real_t *bar,
                       __global const real_t *a, ulong lda, __global const real_t *b, ulong ldb,
                       ulong k0, uint lane)
{
	const uint mb = lds_addr(bar);
	if (lane == 0)
		asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#if BULKMODE == 2
	if (lane == 0) {
		asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(mb),
		             "r"((uint)((A_STAGE + B_STAGE) * 4)) : "memory");
		bulk_copy(al, a + k0 * lda, A_STAGE * 4, mb);
		bulk_copy(bl, b + k0 * ldb, B_STAGE * 4, mb);
	}
#else
	if (lane == 0)
		asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(mb),
		             "r"((uint)((MWG + NWG) * KWG * 4)) : "memory");
	__asm__ volatile("bar.warp.sync 0xffffffff;" ::: "memory");
	if (lane < KWG)
		bulk_copy(al + lane * (MWG + KM_PAD), a + (k0 + lane) * lda, MWG * 4, mb);
	else if (lane < 2 * KWG)
		bulk_copy(bl + (lane - KWG) * (NWG + KM_PAD), b + (k0 + lane - KWG) * ldb, NWG * 4, mb);
#endif
}
inline void bulk_wait(__local real_t *bar, uint parity)
{
	uint ok;
	do {
		asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
		             "selp.u32 %0, 1, 0, p;\n}" : "=r"(ok) : "r"(lds_addr(bar)), "r"(parity) : "memory");
	} while (!ok);
}
#endif
'''
body = r'''#if BULK_ON
	if (vec) {
		if (tid == 0) {
			for (uint s = 0; s < LBUF; s++)
				asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(lds_addr(xs + 2 * s)) : "memory");
			asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		if (tid < 32)
			for (uint s = 0; s + 1 < LBUF; s++)
				if (s < steps)
					bulk_issue(al + s * A_STAGE, bl + s * B_STAGE, xs + 2 * s, a + m0, lda, b + n0, ldb, s * KWG, tid);
		for (ulong i0 = 0; i0 < steps; i0 += LBUF) {
#pragma unroll
			for (uint cs = 0; cs < LBUF; cs++) {
				const ulong i = i0 + cs;
				if (i >= steps)
					break;
				bulk_wait(xs + 2 * cs, (uint)(i / LBUF) & 1);
				barrier(CLK_LOCAL_MEM_FENCE);
				const ulong next = i + LBUF - 1;
				const uint ns = (cs + LBUF - 1) % LBUF;
				if (tid < 32 && next < steps)
					bulk_issue(al + ns * A_STAGE, bl + ns * B_STAGE, xs + 2 * ns, a + m0, lda, b + n0, ldb, next * KWG, tid);
				mma_step(acc, al + cs * A_STAGE + la, bl + cs * B_STAGE + lb, xs, tid);
			}
		}
		return;
	}
#endif
'''
def make(mode):
    s = src.replace(xs, "#define MMA_XS __local real_t xs[2 * LBUF] __attribute__((aligned(8)))\n")
    s = s.replace(pipe_head, "#define BULKMODE %d\n" % mode + helpers + pipe_head)
    return s.replace(plan, plan + body)
V = {'v0': src, 'vbrow': make(1), 'vb2': make(2)}
for k, s in V.items():
    d = os.path.join(out, k)
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(os.path.join(root, 'cl'), d)
    open(os.path.join(d, 'matmul.cl'), 'w').write(s)
