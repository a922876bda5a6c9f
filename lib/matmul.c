/* Matrix multiply: argument checks, the reduction of every layout and op
 * combination to one row-major form, and the launches of each strategy
 * (kernels in cl/matmul.cl). */
#include "txf_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define KERNEL_FILE "matmul.cl"
#define MAX_LAUNCHES 4

/* An operand in row-major form: element (r, c) of the stored matrix is at
 * mem[off + r * ld + c]; trans says whether op() transposes it. */
typedef struct operand {
	cl_mem mem;
	size_t off, ld;
	bool trans;
} operand;

/* The problem after normalisation: C (M x N, row-major) = alpha op(A) op(B)
 * + beta C. elem is the product's element size; src is TXF_F16 or TXF_BF16
 * where A and B hold such elements (offsets and leading dimensions count
 * them), which only PADCOPY's packs read, else the product's type. */
typedef struct problem {
	size_t M, N, K, elem;
	operand a, b, c;
	double alpha, beta;
	txf_dtype src;
} problem;

static operand as_operand(const txf_matrix *x, txf_op op)
{
	/* A column-major view is, stored, the row-major transpose. */
	operand o = {x->buffer, x->offset, x->ld, (op == TXF_OP_T) != (x->layout == TXF_COL_MAJOR)};
	return o;
}

/* Offsets of an operand's section: row r and column c of op(X) for A
 * (r along M, c along K) and of op(X) for B (r along K, c along N). */
static operand shift(operand o, size_t r, size_t c)
{
	o.off += o.trans ? c * o.ld + r : r * o.ld + c;
	return o;
}

/* One launch, prepared before anything is enqueued. after[] lists launches
 * that must complete first (-1 for none). */
typedef struct launch {
	cl_kernel kernel;
	cl_uint dims;
	size_t global[3], local[3];
	int after[2];
} launch;

typedef struct plan {
	launch l[MAX_LAUNCHES];
	unsigned n;
	txf__pool_ticket *ticket; /* a pooled workspace (PADCOPY, K slices), if any */
	/* Only the last launch writes the caller's memory (the others write the
	 * workspace): in order, a failure before it leaves C as it was without
	 * holding the launches back. */
	bool last_writes_c;
} plan;

static void plan_free(txf_context *ctx, plan *p)
{
	for (unsigned i = 0; i < p->n; i++)
		if (p->l[i].kernel)
			txf__give_back_kernel(ctx, p->l[i].kernel);
	p->n = 0;
	txf__pool_give_back(p->ticket);
	p->ticket = NULL;
}

static txf_status get_kernel(txf_context *ctx, const txf__mparams *p, size_t elem, bool ta, bool tb,
                             const char *name, cl_kernel *out)
{
	char options[256] = "";
	size_t len = 0;
	const struct {
		txf__param_id id;
		unsigned value;
	} ps[] = {
	    {TXF__P_MWG, p->mwg},
	    {TXF__P_NWG, p->nwg},
	    {TXF__P_KWG, p->kwg},
	    {TXF__P_MDIMC, p->mdimc},
	    {TXF__P_NDIMC, p->ndimc},
	    {TXF__P_VWA, p->vwa},
	    {TXF__P_VWB, p->vwb},
	    {TXF__P_LBUF, p->lbuf ? p->lbuf : 1},
	    {TXF__P_WMAP, p->wmap ? p->wmap : 1},
	    {TXF__P_KGROUPS, p->kgroups ? p->kgroups : 1},
	    {TXF__P_MMA, p->mma ? p->mma : 1},
	};
	bool fits = txf__add_define(options, sizeof options, &len, "TXF_DOUBLE", elem == 8) &&
	            txf__add_define(options, sizeof options, &len, "TRANS_A", ta) &&
	            txf__add_define(options, sizeof options, &len, "TRANS_B", tb);
	for (size_t i = 0; fits && i < sizeof ps / sizeof ps[0]; i++)
		fits = txf__add_param(options, sizeof options, &len, ps[i].id, ps[i].value);
	/* Row by row is the kernels' default: the programs built without the
	 * option stay the same. */
	if (fits && p->raster > 1)
		fits = txf__add_param(options, sizeof options, &len, TXF__P_RASTER, p->raster);
	if (fits && p->dot > 1)
		fits = txf__add_param(options, sizeof options, &len, TXF__P_DOT, p->dot);
	if (fits && p->kvec > 1)
		fits = txf__add_param(options, sizeof options, &len, TXF__P_KVEC, p->kvec);
	if (fits && p->cstore)
		fits = txf__add_define(options, sizeof options, &len, "C_STORE", p->cstore);
	if (fits && p->bpanels)
		fits = txf__add_define(options, sizeof options, &len, "BPANELS", 1);
	/* The matrix units and cp.async stages through PTX where the device
	 * itself (not the profile, which tests may dress) is NVIDIA's;
	 * elsewhere the kernel computes each instruction in OpenCL C and
	 * copies the stages with loads and stores. */
	const bool staged = p->mma >= 2 || (p->lbuf >= 3 && p->mdimc * p->ndimc > 1);
	cl_uint vendor = 0;
	if (staged && clGetDeviceInfo(ctx->device, CL_DEVICE_VENDOR_ID, sizeof vendor, &vendor,
	                              NULL) != CL_SUCCESS)
		vendor = 0;
	if (fits && staged)
		fits =
		    txf__add_define(options, sizeof options, &len, "TXF_NV_PTX", vendor == 0x10de);
	if (fits && p->mma >= 2) {
		fits =
		    (elem == 8 || txf__add_param(options, sizeof options, &len, TXF__P_PRECISION,
		                                 p->precision)) &&
		    (elem == 8 || p->precision != TXF__PREC_TF32 ||
		     txf__add_define(options, sizeof options, &len, "TF32_PACKED", p->rounded)) &&
		    (!p->in16 ||
		     txf__add_define(options, sizeof options, &len, "TXF_IN16", p->in16));
	}
	if (!fits)
		return txf__fail(TXF_ERR_INVALID_ARG, "the build options of %s are too long", name);
	txf_status s = txf__program_kernel(ctx, KERNEL_FILE, options, name, out);
	return s;
}

/* Set the kernel arguments from a list of (size, pointer) pairs. */
#define ARG(x) sizeof(x), (const void *)&(x)
static txf_status set_args(cl_kernel k, unsigned n, ...)
{
	size_t sizes[16];
	const void *values[16];
	va_list ap;
	va_start(ap, n);
	for (unsigned i = 0; i < n; i++) {
		sizes[i] = va_arg(ap, size_t);
		values[i] = va_arg(ap, const void *);
	}
	va_end(ap);
	return txf__set_args(k, n, sizes, values);
}

/* The scalars of a product launch, laid out as cl/matmul.cl's mm_scalars
 * for f32 and for f64. */
typedef struct mm_scalars_f {
	cl_ulong M, N, K, a_off, lda, b_off, ldb, c_off, ldc;
	cl_float alpha, beta;
} mm_scalars_f;
typedef struct mm_scalars_d {
	cl_ulong M, N, K, a_off, lda, b_off, ldb, c_off, ldc;
	cl_double alpha, beta;
} mm_scalars_d;

/* The four arguments shared by matmul_simple, _even, _pad, _clip and
 * _truncate: the scalars, then A, B and C. */
static txf_status set_product_args(cl_kernel k, const problem *pr, size_t M, size_t N, size_t K,
                                   double alpha, double beta, operand a, operand b, operand c)
{
	if (pr->elem == 8) {
		const mm_scalars_d sc = {M,    N,     K,    a.off, a.ld, b.off,
		                         b.ld, c.off, c.ld, alpha, beta};
		return set_args(k, 4, ARG(sc), ARG(a.mem), ARG(b.mem), ARG(c.mem));
	}
	const mm_scalars_f sc = {M,    N,     K,    a.off,           a.ld,          b.off,
	                         b.ld, c.off, c.ld, (cl_float)alpha, (cl_float)beta};
	return set_args(k, 4, ARG(sc), ARG(a.mem), ARG(b.mem), ARG(c.mem));
}

/* Whether an operand's rows start where vector loads of w elements may
 * read them. */
static bool vector_aligned(operand o, unsigned w)
{
	return w <= 1 || (o.off % w == 0 && o.ld % w == 0);
}

static bool tiled_kernel(const char *name)
{
	return strcmp(name, "matmul_even") == 0 || strcmp(name, "matmul_pad") == 0 ||
	       strcmp(name, "matmul_clip") == 0;
}

/* cl/matmul.cl C_STORE for a launch of kernel `name` writing cbytes of c
 * over a K of k. In a blocked kernel (one work-item per block, KVEC 1): 1
 * (each register tile inside C stored from its registers after its last K
 * panel, the others by bands of rows as soon as they are summed) where K spans at
 * least BAND_K_BYTES or C takes at most half the device's cache (4-byte
 * elements; an eighth for 8-byte ones), else 0 (the block stored at its
 * end). On a 2-core AMD EPYC (Zen 5, 32 MiB L3) under POCL bands made f32
 * 1024 x 1024 x 1 to x 8 1.6 to 2 times as fast, 2048 x 2048 x 2 1.8 times
 * and 4096 x 4096 x 64 1.2 times, but f32 C of 21 to 64 MiB with a K of 2
 * to 24, and f64 C of 8 to 16 MiB with a K of 1 to 4, 1.1 to 2 times as
 * slow (docs/bench/pocl-2026-11-27-amd/bands). On the matrix units with
 * f32: 1 (pairs of a fragment row) where c's rows start on even elements.
 * In a tiled kernel (work-groups of several work-items, FMAs) whose runs
 * of VWN columns (16 bytes where the register block allows) are wider than
 * one element: 1 (vectors) where they start on multiples of VWN in c; else
 * 2 (through local memory) for matmul_even and matmul_pad where k is at
 * most C_STAGE_K, the work-group has one K group and its local memory
 * holds MDIMC rows of the block besides B's tiles; else, for f32 where k is
 * at most C_SPREAD_K, 3 (elements, each work-item's columns one apart, so
 * that a warp's store is contiguous). 0 otherwise, and wherever k is over
 * TXF__C_VECTOR_K: the stores' share of the time falls as K grows, and past
 * those K the other forms cost more than they save (H100: vector stores
 * 1.06 to 1.20 times as fast with a K of 78 to 196, 0.96 to 0.97 with 2048
 * to 8192; stores through local memory 1.0 to 1.7 with a K of at most 64,
 * 0.86 with 135 to 235, and 0.79 in matmul_clip, PADCOPY's product into C,
 * at 10234 x 6810 x 67; docs/bench/h100-2026-11-27h/cstore; columns one
 * apart, whose B tiles are read element by element, 1.00 to 1.27 times as
 * fast with a K of 67 to 203, 0.94 to 1.03 with 209 to 246 and 0.88 to
 * 0.98 from 375 on; docs/bench/h100-2026-11-28/spread).
 */
#define C_STAGE_K 64
#define C_SPREAD_K 192
#define BAND_K_BYTES 128.0
static unsigned c_store(const txf_context *ctx, const txf__mparams *p, size_t elem,
                        const char *name, operand c, size_t k, double cbytes)
{
	if (tiled_kernel(name) && p->mdimc == 1 && p->ndimc == 1 && p->kvec <= 1 && p->dot <= 1) {
		const double cached = (double)ctx->global_cache / (elem <= 4 ? 2 : 8);
		return (double)k * (double)elem >= BAND_K_BYTES || cbytes <= cached ? 1 : 0;
	}
	if (!tiled_kernel(name) || p->dot > 1 || p->kvec > 1 || !p->ndimc ||
	    (size_t)p->mdimc * p->ndimc <= 1 || k > TXF__C_VECTOR_K)
		return 0;
	/* f32 on the matrix units: pairs of a fragment row (f64 decides that
	 * in the kernel). */
	if (p->mma > 1)
		return elem == 4 && vector_aligned(c, 2) ? 1 : 0;
	const unsigned most = elem == 8 ? 2 : 4, nwi = p->nwg / p->ndimc;
	const unsigned w = nwi % most == 0 ? most : nwi % 2 == 0 ? 2 : 1;
	if (w <= 1)
		return 0;
	if (vector_aligned(c, w))
		return 1;
	if (k <= C_STAGE_K && strcmp(name, "matmul_clip") != 0 && p->kgroups <= 1 && p->mwg) {
		const size_t steps = (size_t)(p->lbuf ? p->lbuf : 1) * p->kwg;
		const size_t stage = ((size_t)p->mdimc * p->nwg + p->mwg - 1) / p->mwg;
		const size_t local =
		    ((steps > stage ? steps : stage) * p->mwg + steps * p->nwg) * elem;
		if (local <= ctx->profile.local_mem_size)
			return 2;
	}
	return elem == 4 && k <= C_SPREAD_K ? 3 : 0;
}

/* Add a product launch (simple or tiled) over an M x N x K section. With
 * slices > 1 (matmul_even and matmul_pad only) K is cut into that many
 * slices, written to consecutive M x N slices of c (see cl/matmul.cl). */
static txf_status add_product(txf_context *ctx, plan *pl, const problem *pr, const txf__mparams *p,
                              const char *name, size_t M, size_t N, size_t K, double alpha,
                              double beta, operand a, operand b, operand c, int after,
                              unsigned slices)
{
	launch *l = &pl->l[pl->n];
	memset(l, 0, sizeof *l);
	l->dims = 2;
	l->after[0] = after;
	l->after[1] = -1;
	/* The other launches of a plan take the program of its tiled product:
	 * the plan sets p->cstore as that launch will. */
	txf__mparams q = *p;
	if (tiled_kernel(name))
		q.cstore =
		    c_store(ctx, p, pr->elem, name, c, K,
		            (double)M * (double)N * (double)pr->elem * (slices > 1 ? slices : 1));
	txf_status s = get_kernel(ctx, &q, pr->elem, a.trans, b.trans, name, &l->kernel);
	if (s != TXF_SUCCESS)
		return s;
	pl->n++;
	s = set_product_args(l->kernel, pr, M, N, K, alpha, beta, a, b, c);
	if (s != TXF_SUCCESS)
		return s;
	if (strcmp(name, "matmul_simple") == 0) {
		txf__untiled_geometry(ctx, l->kernel, M, N, l->local, l->global);
		return TXF_SUCCESS;
	}
	if (strcmp(name, "matmul_dot") == 0) {
		/* Lanes along K (a group of them per block of C), the block's
		 * parts, the K slices. */
		l->dims = 3;
		l->local[0] = p->dot;
		l->global[0] =
		    l->local[0] * ((M + p->mwg - 1) / p->mwg) * ((N + p->nwg - 1) / p->nwg);
		l->local[1] = l->global[1] = (size_t)p->mdimc * p->ndimc;
		l->local[2] = 1;
		l->global[2] = slices;
		return TXF_SUCCESS;
	}
	const size_t groups = p->kgroups > 1 ? p->kgroups : 1;
	size_t wg = 0;
	cl_int err = clGetKernelWorkGroupInfo(l->kernel, ctx->device, CL_KERNEL_WORK_GROUP_SIZE,
	                                      sizeof wg, &wg, NULL);
	if (err != CL_SUCCESS || wg < (size_t)p->mdimc * p->ndimc * groups)
		return txf__fail(
		    TXF_ERR_TILE_UNSUPPORTED,
		    "%s with %u x %u x %zu work-items: the device runs at most %zu of them per "
		    "group",
		    name, p->mdimc, p->ndimc, groups, wg);
	bool round_up = strcmp(name, "matmul_pad") == 0 || strcmp(name, "matmul_clip") == 0;
	size_t mb = round_up ? (M + p->mwg - 1) / p->mwg : M / p->mwg;
	size_t nb = round_up ? (N + p->nwg - 1) / p->nwg : N / p->nwg;
	l->local[0] = p->ndimc;
	l->local[1] = p->mdimc;
	l->global[0] = nb * p->ndimc;
	l->global[1] = mb * p->mdimc;
	if (slices > 1 || groups > 1) {
		l->dims = 3;
		l->local[2] = groups;
		l->global[2] = slices * groups;
	}
	return TXF_SUCCESS;
}

/* PADCOPY's padded extents and where its temporaries start, in elements,
 * each aligned to 32 elements; the padded C holds one Mp x Np slice per K
 * slice. A temporary that is not needed (see padcopy_parts) takes no room. */
typedef struct padded {
	size_t Mp, Np, Kp, a_off, b_off, c_off, bytes;
} padded;

/* Which of PADCOPY's temporaries a call needs: the packed A, the packed
 * B, the padded C. */
typedef struct padcopy_parts {
	bool a, b, c;
} padcopy_parts;

static unsigned slices_of(const txf__mparams *p)
{
	return p->ksplit > 1 ? p->ksplit : 1;
}

static bool padded_layout(size_t M, size_t N, size_t K, size_t elem, const txf__mparams *p,
                          padcopy_parts need, padded *out)
{
	padded d;
	d.Mp = txf__round_up(M, p->mwg);
	d.Np = txf__round_up(N, p->nwg);
	d.Kp = txf__round_up(K, p->kwg);
	if (d.Mp < M || d.Np < N || d.Kp < K)
		return false;
	double total = (double)d.Kp * (double)d.Mp + (double)d.Kp * (double)d.Np +
	               (double)slices_of(p) * (double)d.Mp * (double)d.Np + 96.0;
	if (total * (double)elem > (double)SIZE_MAX / 2)
		return false;
	d.a_off = 0;
	d.b_off = need.a ? txf__round_up(d.Kp * d.Mp, 32) : 0;
	d.c_off = d.b_off + (need.b ? txf__round_up(d.Kp * d.Np, 32) : 0);
	d.bytes = (d.c_off + (need.c ? slices_of(p) * d.Mp * d.Np : 0)) * elem;
	*out = d;
	return true;
}

/* The temporaries PADCOPY needs for a problem: an operand already stored
 * K-major (A transposed, B not), whose extents the blocks divide and whose
 * rows are aligned for the vector loads, is read where it is; C is written
 * in place unless K is sliced (matmul_clip drops the stores outside C where
 * the blocks do not divide it). */
static padcopy_parts padcopy_needs(const problem *pr, const txf__mparams *p)
{
	const bool even_m = pr->M % p->mwg == 0, even_n = pr->N % p->nwg == 0,
	           even_k = pr->K % p->kwg == 0, wide = !txf__is_float16(pr->src);
	padcopy_parts need = {
	    !(wide && pr->a.trans && even_m && even_k && vector_aligned(pr->a, p->vwa)),
	    !(wide && !pr->b.trans && even_n && even_k && vector_aligned(pr->b, p->vwb)),
	    slices_of(p) > 1};
	return need;
}

/* Bytes of PAD's K-slice partial sums for M x N; false on overflow. */
static bool slices_bytes(size_t M, size_t N, size_t elem, const txf__mparams *p, size_t *bytes)
{
	size_t mn;
	return txf__mul_ok(M, N, &mn) && txf__mul_ok(mn, slices_of(p), &mn) &&
	       txf__mul_ok(mn, elem, bytes) && *bytes <= SIZE_MAX / 2;
}

bool txf__buffers_share(cl_mem a, cl_mem b)
{
	if (a == b)
		return true;
	txf__mem_range x = txf__range_of(a), y = txf__range_of(b);
	return x.root == y.root && x.offset < y.offset + y.size && y.offset < x.offset + x.size;
}

/* The workspace of `bytes` for `what`: the caller's buffer, checked, or
 * one from the context's pool. */
static txf_status take_workspace(txf_context *ctx, plan *pl, const problem *pr, const char *what,
                                 size_t bytes, cl_mem workspace, cl_mem *out)
{
	if (workspace) {
		size_t have = 0;
		cl_int err = clGetMemObjectInfo(workspace, CL_MEM_SIZE, sizeof have, &have, NULL);
		if (err != CL_SUCCESS)
			return txf__fail(TXF_ERR_INVALID_ARG,
			                 "workspace is not a valid cl_mem (%s)",
			                 txf__cl_error_name(err));
		/* (A and B trade places for a column-major C.) */
		const char *shared = txf__buffers_share(workspace, pr->c.mem) ? "C"
		                     : txf__buffers_share(workspace, pr->a.mem) ||
		                             txf__buffers_share(workspace, pr->b.mem)
		                         ? "an input (A or B)"
		                         : NULL;
		TXF_CHECK_ARG(!shared, TXF_ERR_OVERLAP,
		              "the %s workspace shares memory with the buffer of %s, which %s "
		              "would overwrite",
		              what, shared, what);
		TXF_CHECK_ARG(have >= bytes, TXF_ERR_WORKSPACE_TOO_SMALL,
		              "%s of %zu x %zu x %zu needs %zu bytes of workspace, the buffer "
		              "has %zu (see txf_matmul_workspace_size)",
		              what, pr->M, pr->N, pr->K, bytes, have);
		*out = workspace;
		return TXF_SUCCESS;
	}
	TXF_CHECK_ARG(bytes <= ctx->profile.max_alloc_size, TXF_ERR_TOO_LARGE,
	              "%s of %zu x %zu x %zu needs %zu bytes of workspace, more than the "
	              "device allows in one buffer (%llu)",
	              what, pr->M, pr->N, pr->K, bytes,
	              (unsigned long long)ctx->profile.max_alloc_size);
	return txf__pool_acquire(ctx, bytes, out, &pl->ticket);
}

/* The launch that sums `slices` slices of cp (stride elements apart, rows
 * ldcp apart) into C with beta. */
static txf_status add_unpack(txf_context *ctx, plan *pl, const problem *pr, const txf__mparams *p,
                             cl_mem cp, size_t cp_off, size_t ldcp, unsigned slices, size_t stride,
                             int after)
{
	launch *l = &pl->l[pl->n];
	memset(l, 0, sizeof *l);
	l->dims = 2;
	l->after[0] = after;
	l->after[1] = -1;
	/* With pairs (in16), the product's program: its operands are packed. */
	txf_status s = get_kernel(ctx, p, pr->elem, p->in16 || pr->a.trans, !p->in16 && pr->b.trans,
	                          "matmul_unpack", &l->kernel);
	if (s != TXF_SUCCESS)
		return s;
	pl->n++;
	cl_ulong M = pr->M, N = pr->N, wc = cp_off, ld = ldcp, ns = slices, st = stride;
	cl_ulong co = pr->c.off, cl = pr->c.ld;
	if (pr->elem == 8) {
		cl_double beta = pr->beta;
		s = set_args(l->kernel, 11, ARG(M), ARG(N), ARG(cp), ARG(wc), ARG(ld), ARG(ns),
		             ARG(st), ARG(beta), ARG(pr->c.mem), ARG(co), ARG(cl));
	} else {
		cl_float beta = (cl_float)pr->beta;
		s = set_args(l->kernel, 11, ARG(M), ARG(N), ARG(cp), ARG(wc), ARG(ld), ARG(ns),
		             ARG(st), ARG(beta), ARG(pr->c.mem), ARG(co), ARG(cl));
	}
	if (s != TXF_SUCCESS)
		return s;
	txf__untiled_geometry(ctx, l->kernel, pr->M, pr->N, l->local, l->global);
	return TXF_SUCCESS;
}

/* PAD with K slices: the padded product into slices of a temporary, then
 * their sum into C. */
static txf_status add_pad_sliced(txf_context *ctx, plan *pl, const problem *pr,
                                 const txf__mparams *p, const char *name, cl_mem workspace)
{
	size_t bytes = 0;
	if (!slices_bytes(pr->M, pr->N, pr->elem, p, &bytes))
		return txf__fail(TXF_ERR_SIZE_OVERFLOW, "K-slice partial sums overflow size_t");
	txf_status s = take_workspace(ctx, pl, pr, "K slices", bytes, workspace, &workspace);
	if (s != TXF_SUCCESS)
		return s;
	operand w = {workspace, 0, pr->N, false};
	txf__mparams q = *p;
	q.cstore = c_store(ctx, p, pr->elem, name, w, pr->K, (double)bytes);
	p = &q;
	pl->last_writes_c = true;
	s = add_product(ctx, pl, pr, p, name, pr->M, pr->N, pr->K, pr->alpha, 0.0, pr->a, pr->b, w,
	                -1, p->ksplit);
	if (s == TXF_SUCCESS)
		s = add_unpack(ctx, pl, pr, p, workspace, 0, pr->N, p->ksplit, pr->M * pr->N,
		               (int)pl->n - 1);
	return s;
}

/* The work-groups of the packs that transpose (cl/matmul.cl PACK_T x
 * PACK_R work-items, tiles of PACK_T x PACK_T). */
#define PACK_T 32
#define PACK_R 8

/* A pack launch: operand X (A or B) into its K-major temporary of Rp x Kp
 * (R = M or N; with p->in16, Kp pairs along K of 16-bit elements). An operand stored across K (A
 * not transposed, B transposed) is moved through local tiles where the device runs work-groups of
 * PACK_T x PACK_R; the plain pack copies element by element. 16-bit operands are read, and widened,
 * by cl/convert.cl's packs, which take the same arguments (the plain one one more: whether the
 * operand lies across K). */
static txf_status add_pack(txf_context *ctx, plan *pl, const problem *pr, const txf__mparams *p,
                           bool is_a, cl_mem workspace, size_t dst_off, size_t Rp, size_t Kp)
{
	const operand *x = is_a ? &pr->a : &pr->b;
	bool across = is_a ? !x->trans : x->trans;
	launch *l = &pl->l[pl->n];
	memset(l, 0, sizeof *l);
	l->dims = 2;
	l->after[0] = l->after[1] = -1;
	txf_status s = TXF_SUCCESS;
	const bool half = txf__is_float16(pr->src), pairs = p->in16 != 0;
	/* The pair packs copy bits: one program serves both 16-bit types. */
	const txf_dtype conv = pairs ? TXF_F16 : pr->src;
	const cl_uint across_arg = across;
	if (across) {
		s = half ? txf__convert_kernel(ctx, conv, pairs ? "pair16_tiled" : "pack16_tiled",
		                               &l->kernel)
		         : get_kernel(ctx, p, pr->elem, pr->a.trans, pr->b.trans,
		                      is_a ? "matmul_pack_a_tiled" : "matmul_pack_b_tiled",
		                      &l->kernel);
		if (s != TXF_SUCCESS)
			return s;
		size_t max = 0;
		if (clGetKernelWorkGroupInfo(l->kernel, ctx->device, CL_KERNEL_WORK_GROUP_SIZE,
		                             sizeof max, &max, NULL) != CL_SUCCESS ||
		    max < PACK_T * PACK_R || ctx->profile.max_work_item_sizes[0] < PACK_T ||
		    ctx->profile.max_work_item_sizes[1] < PACK_R) {
			txf__give_back_kernel(ctx, l->kernel);
			l->kernel = NULL;
			across = false;
		}
	}
	if (!across) {
		s = half ? txf__convert_kernel(ctx, conv, pairs ? "pair16" : "pack16", &l->kernel)
		         : get_kernel(ctx, p, pr->elem, pr->a.trans, pr->b.trans,
		                      is_a ? "matmul_pack_a" : "matmul_pack_b", &l->kernel);
		if (s != TXF_SUCCESS)
			return s;
	}
	pl->n++;
	cl_ulong R = is_a ? pr->M : pr->N, K = pr->K, xo = x->off, xl = x->ld, wo = dst_off,
	         rp = Rp, kp = Kp;
	s = set_args(l->kernel, half && !across ? 10 : 9, ARG(R), ARG(K), ARG(x->mem), ARG(xo),
	             ARG(xl), ARG(workspace), ARG(wo), ARG(rp), ARG(kp), ARG(across_arg));
	if (s != TXF_SUCCESS)
		return s;
	if (!across) {
		txf__untiled_geometry(ctx, l->kernel, Kp, Rp, l->local, l->global);
		return TXF_SUCCESS;
	}
	/* Dimension 0 along K, 1 along R. */
	l->local[0] = PACK_T;
	l->local[1] = PACK_R;
	l->global[0] = txf__round_up(Kp, PACK_T);
	l->global[1] = txf__round_up(Rp, PACK_T) / PACK_T * PACK_R;
	return TXF_SUCCESS;
}

/* Rows of K per work-item of matmul_pack_panels (cl/matmul.cl). */
#define PANEL_RUN 64

/* Bytes of B's panels for N x K (each 2 vwb columns wide, K x 2 vwb),
 * rounded up to 32 elements; false on overflow. */
static bool panels_bytes(size_t N, size_t K, size_t elem, const txf__mparams *p, size_t *bytes)
{
	const size_t nr = 2 * (size_t)p->vwb;
	size_t e;
	return txf__mul_ok((N + nr - 1) / nr, nr, &e) && txf__mul_ok(e, K, &e) &&
	       e <= SIZE_MAX / 64 && txf__mul_ok(txf__round_up(e, 32), elem, bytes) &&
	       *bytes <= SIZE_MAX / 4;
}

/* Whether PADCOPY runs the blocked kernel on B packed in panels: f32 and
 * f64 operands, the blocked kernel without KVEC. */
static bool panels_plan(const problem *pr, const txf__mparams *p)
{
	return txf__padcopy_panels(p) && !txf__is_float16(pr->src);
}

/* PADCOPY on the blocked kernel: op(B) packed into panels of 2 vwb
 * columns (each K x 2 vwb, row by row, zeros past N), then the padded
 * product reading A and writing C where they are (K slices: into partial
 * sums, then summed into C). A block's panels of B are then read where
 * they lie by every block under them, rather than copied into local
 * memory by each. */
static txf_status add_padcopy_panels(txf_context *ctx, plan *pl, const problem *pr,
                                     const txf__mparams *p, cl_mem workspace)
{
	const size_t nr = 2 * (size_t)p->vwb, panels = (pr->N + nr - 1) / nr;
	const unsigned slices = slices_of(p);
	/* The panels, then (K slices) the partial sums, 32 elements on. */
	size_t b_bytes, c_bytes = 0;
	if (!panels_bytes(pr->N, pr->K, pr->elem, p, &b_bytes) ||
	    (slices > 1 && !slices_bytes(pr->M, pr->N, pr->elem, p, &c_bytes)) ||
	    b_bytes + c_bytes < b_bytes)
		return txf__fail(TXF_ERR_SIZE_OVERFLOW, "padcopy temporaries overflow size_t");
	const size_t pstride = pr->K * nr, c_off = b_bytes / pr->elem, bytes = b_bytes + c_bytes;
	txf_status s = take_workspace(ctx, pl, pr, "padcopy", bytes, workspace, &workspace);
	if (s != TXF_SUCCESS)
		return s;
	pl->last_writes_c = true;
	txf__mparams q = *p;
	q.bpanels = 1;
	launch *l = &pl->l[pl->n];
	memset(l, 0, sizeof *l);
	l->after[0] = l->after[1] = -1;
	s = get_kernel(ctx, &q, pr->elem, pr->a.trans, pr->b.trans, "matmul_pack_panels",
	               &l->kernel);
	if (s != TXF_SUCCESS)
		return s;
	pl->n++;
	cl_ulong N = pr->N, K = pr->K, bo = pr->b.off, bl = pr->b.ld, wo = 0, ps = pstride;
	s = set_args(l->kernel, 8, ARG(N), ARG(K), ARG(pr->b.mem), ARG(bo), ARG(bl), ARG(workspace),
	             ARG(wo), ARG(ps));
	if (s != TXF_SUCCESS)
		return s;
	l->dims = 2;
	l->local[0] = l->local[1] = 1;
	l->global[0] = panels;
	l->global[1] = (pr->K + PANEL_RUN - 1) / PANEL_RUN;
	const int pack = (int)pl->n - 1;
	const operand b = {workspace, 0, pstride, false};
	if (slices <= 1)
		return add_product(ctx, pl, pr, &q, "matmul_pad", pr->M, pr->N, pr->K, pr->alpha,
		                   pr->beta, pr->a, b, pr->c, pack, 1);
	const operand w = {workspace, c_off, pr->N, false};
	s = add_product(ctx, pl, pr, &q, "matmul_pad", pr->M, pr->N, pr->K, pr->alpha, 0.0, pr->a,
	                b, w, pack, slices);
	if (s == TXF_SUCCESS)
		s = add_unpack(ctx, pl, pr, &q, workspace, c_off, pr->N, slices, pr->M * pr->N,
		               (int)pl->n - 1);
	return s;
}

static txf_status add_padcopy(txf_context *ctx, plan *pl, const problem *pr, const txf__mparams *p,
                              cl_mem workspace)
{
	if (panels_plan(pr, p))
		return add_padcopy_panels(ctx, pl, pr, p, workspace);
	const padcopy_parts need = padcopy_needs(pr, p);
	/* 16-bit operands for the matrix units are packed in pairs along K,
	 * and the product (m16n8k16) walks the pairs: K halves. */
	txf__mparams q = *p;
	if (txf__is_float16(pr->src) && p->mma >= 2) {
		q.mma = 4;
		q.in16 = pr->src == TXF_BF16 ? 2 : 1;
	}
	const size_t K = q.in16 ? pr->K / 2 + pr->K % 2 : pr->K;
	padded d;
	if (!padded_layout(pr->M, pr->N, K, pr->elem, &q, need, &d))
		return txf__fail(TXF_ERR_SIZE_OVERFLOW, "padcopy temporaries overflow size_t");
	/* A caller's workspace is checked even where this call needs none. */
	txf_status s = TXF_SUCCESS;
	if (d.bytes || workspace)
		s = take_workspace(ctx, pl, pr, "padcopy", d.bytes, workspace, &workspace);
	if (s != TXF_SUCCESS)
		return s;
	pl->last_writes_c = true;
	/* The product reads A packed K-major (transposed form) or the caller's
	 * A, B packed K-major or the caller's B, and writes the padded C or C.
	 * With tf32 on the matrix units the packs round to TF32, and the
	 * product leaves the packed operands as they are. */
	if (pr->elem == 4 && p->mma >= 2 && p->precision == TXF__PREC_TF32 && !q.in16)
		q.rounded = (need.a ? 1u : 0u) | (need.b ? 2u : 0u);
	operand a = pr->a, b = pr->b, c = pr->c;
	if (need.c)
		c = (operand){workspace, d.c_off, d.Np, false};
	const char *name =
	    need.c || (d.Mp == pr->M && d.Np == pr->N) ? "matmul_even" : "matmul_clip";
	q.cstore = c_store(ctx, &q, pr->elem, name, c, d.Kp,
	                   (double)pr->M * (double)pr->N * (double)pr->elem);
	p = &q;
	int packs[2] = {-1, -1};
	if (need.a) {
		s = add_pack(ctx, pl, pr, p, true, workspace, d.a_off, d.Mp, d.Kp);
		packs[0] = (int)pl->n - 1;
		a = (operand){workspace, d.a_off, d.Mp, true};
	}
	if (s == TXF_SUCCESS && need.b) {
		s = add_pack(ctx, pl, pr, p, false, workspace, d.b_off, d.Np, d.Kp);
		packs[1] = (int)pl->n - 1;
		b = (operand){workspace, d.b_off, d.Np, false};
	}
	if (s != TXF_SUCCESS)
		return s;
	if (need.c)
		s = add_product(ctx, pl, pr, p, name, d.Mp, d.Np, d.Kp, pr->alpha, 0.0, a, b, c,
		                packs[0], slices_of(p));
	else
		s = add_product(ctx, pl, pr, p, name, pr->M, pr->N, d.Kp, pr->alpha, pr->beta, a, b,
		                c, packs[0], 1);
	if (s != TXF_SUCCESS)
		return s;
	pl->l[pl->n - 1].after[1] = packs[1];
	if (!need.c)
		return TXF_SUCCESS;
	return add_unpack(ctx, pl, pr, p, workspace, d.c_off, d.Np, slices_of(p), d.Mp * d.Np,
	                  (int)pl->n - 1);
}

static txf_status add_split(txf_context *ctx, plan *pl, const problem *pr, const txf__mparams *p)
{
	const size_t M = pr->M, N = pr->N, K = pr->K;
	const size_t m_t = M - M % p->mwg, n_t = N - N % p->nwg, k_t = K - K % p->kwg;
	txf__mparams q = *p;
	q.cstore = m_t && n_t && k_t ? c_store(ctx, p, pr->elem, "matmul_even", pr->c, k_t,
	                                       (double)m_t * (double)n_t * (double)pr->elem)
	                             : 0;
	p = &q;
	txf_status s = TXF_SUCCESS;
	if (m_t && n_t) {
		int even = -1;
		if (k_t) {
			s = add_product(ctx, pl, pr, p, "matmul_even", m_t, n_t, k_t, pr->alpha,
			                pr->beta, pr->a, pr->b, pr->c, -1, 1);
			even = (int)pl->n - 1;
		}
		/* The K remainder adds its part to the main block afterwards. */
		if (s == TXF_SUCCESS && k_t < K)
			s = add_product(ctx, pl, pr, p, "matmul_simple", m_t, n_t, K - k_t,
			                pr->alpha, k_t ? 1.0 : pr->beta, shift(pr->a, 0, k_t),
			                shift(pr->b, k_t, 0), pr->c, even, 1);
	}
	/* Bottom band (rows m_t.., every column) and right band (rows ..m_t,
	 * columns n_t..), each over the whole K. */
	if (s == TXF_SUCCESS && m_t < M)
		s = add_product(ctx, pl, pr, p, "matmul_simple", M - m_t, N, K, pr->alpha, pr->beta,
		                shift(pr->a, m_t, 0), pr->b, shift(pr->c, m_t, 0), -1, 1);
	if (s == TXF_SUCCESS && n_t < N && m_t)
		s = add_product(ctx, pl, pr, p, "matmul_simple", m_t, N - n_t, K, pr->alpha,
		                pr->beta, pr->a, shift(pr->b, 0, n_t), shift(pr->c, 0, n_t), -1, 1);
	return s;
}

static txf_status run(txf_context *ctx, plan *pl, cl_uint num_wait, const cl_event *wait,
                      cl_event *event)
{
	cl_event evs[MAX_LAUNCHES] = {NULL};
	bool waited_on[MAX_LAUNCHES] = {false};
	unsigned done = 0;
	txf__gate gate = {NULL, NULL, 0};
	/* Launches that each write C are held back by a gate until all are
	 * enqueued, so that a failure part way runs none of them. Where only
	 * the last one writes C, an in-order queue needs no gate: the gate's
	 * user event costs tens of microseconds on some drivers. In order,
	 * each launch starts after the one before (and so after the caller's
	 * list, which the first one waits for): the launches need no wait
	 * lists, and only the last one an event, for the caller or the
	 * workspace. Each costs microseconds of host time per launch on some
	 * drivers, time in which the device waits for the operation. */
	const bool in_order = ctx->queue_in_order;
	const bool gated = pl->n > 1 && !(pl->last_writes_c && in_order);
	txf_status s = gated ? txf__gate_open(ctx, num_wait, wait, &gate) : TXF_SUCCESS;
	if (gate.event) {
		num_wait = gate.count;
		wait = gate.merged;
	}
	for (; s == TXF_SUCCESS && done < pl->n; done++) {
		launch *l = &pl->l[done];
		cl_event deps[2];
		cl_uint nd = 0;
		for (int i = 0; i < 2; i++)
			if (l->after[i] >= 0) {
				deps[nd++] = evs[l->after[i]];
				waited_on[l->after[i]] = true;
			}
		const bool last = done + 1 == pl->n;
		if (in_order) {
			/* A gate that fails the launches needs their events (POCL
			 * 3.1 aborts when it fails a command that has none). */
			const bool need_event = gate.event || ctx->keep_events || (last && event);
			s = txf__enqueue(ctx, l->kernel, l->dims, l->global, l->local,
			                 done ? 0 : num_wait, wait, need_event ? &evs[done] : NULL);
		} else {
			/* A launch after another inherits the caller's list through
			 * it. */
			s = nd ? txf__enqueue(ctx, l->kernel, l->dims, l->global, l->local, nd,
			                      deps, &evs[done])
			       : txf__enqueue(ctx, l->kernel, l->dims, l->global, l->local,
			                      num_wait, wait, &evs[done]);
		}
		if (s != TXF_SUCCESS)
			break;
	}
	if (s == TXF_SUCCESS && event) {
		/* The operation's event waits for every launch no other one waits
		 * for. It is made while the gate still holds the launches back:
		 * if the marker cannot be enqueued, none of them runs. */
		cl_event last[MAX_LAUNCHES];
		cl_uint nl = 0;
		for (unsigned i = 0; i < done; i++)
			if (!waited_on[i])
				last[nl++] = evs[i];
		if (nl == 1 || in_order) {
			/* One launch ends the operation, or, in order, the last one does. */
			cl_event e = in_order ? evs[done - 1] : last[0];
			clRetainEvent(e);
			*event = e;
		} else {
			cl_int err =
			    clEnqueueMarkerWithWaitList(ctx->queue, nl, nl ? last : NULL, event);
			if (err != CL_SUCCESS)
				s = txf__fail_cl(err, "clEnqueueMarkerWithWaitList");
			else
				txf__event_kept(ctx, event, NULL);
		}
	}
	txf__gate_close(&gate, s == TXF_SUCCESS);
	for (unsigned i = 0; i < pl->n; i++)
		txf__give_back_kernel(ctx, pl->l[i].kernel);
	pl->n = 0;
	if (s == TXF_SUCCESS && pl->ticket && !in_order) {
		/* A pooled workspace is free once the last launch (unpack) is. In
		 * order it goes back at once: the context's every later command
		 * that could take it runs after this operation's on its queue
		 * (and the driver keeps a buffer that commands still use). */
		txf__pool_give_back_after(pl->ticket, evs[done - 1]);
		pl->ticket = NULL;
	}
	txf__pool_give_back(pl->ticket);
	pl->ticket = NULL;
	for (unsigned i = 0; i < done; i++)
		txf__event_done(ctx, evs[i]);
	return s;
}

static txf_status check_operands(txf_context *ctx, txf_op op_a, txf_op op_b, const txf_matrix *a,
                                 const txf_matrix *b, double beta, const txf_matrix *c, size_t *m,
                                 size_t *n, size_t *k)
{
	TXF_CHECK_ARG(op_a == TXF_OP_N || op_a == TXF_OP_T, TXF_ERR_INVALID_ARG,
	              "txf_matmul: op_a %d is neither TXF_OP_N nor TXF_OP_T", (int)op_a);
	TXF_CHECK_ARG(op_b == TXF_OP_N || op_b == TXF_OP_T, TXF_ERR_INVALID_ARG,
	              "txf_matmul: op_b %d is neither TXF_OP_N nor TXF_OP_T", (int)op_b);
	TXF_CHECK_ARG(a && b, TXF_ERR_NULL_ARG, "txf_matmul: A and B must not be NULL");
	TXF_CHECK_ARG(c || beta == 0.0, TXF_ERR_MISSING_C,
	              "txf_matmul: beta = %g but C is NULL (C is read when beta is not 0)", beta);
	TXF_CHECK_ARG(c, TXF_ERR_NULL_ARG, "txf_matmul: C (the output) must not be NULL");
	txf_status s = txf__validate_matrix(a, "A");
	if (s == TXF_SUCCESS)
		s = txf__validate_matrix(b, "B");
	if (s == TXF_SUCCESS)
		s = txf__validate_matrix(c, "C");
	if (s != TXF_SUCCESS)
		return s;
	TXF_CHECK_ARG(a->dtype == b->dtype && (a->dtype == c->dtype ||
	                                       (txf__is_float16(a->dtype) && c->dtype == TXF_F32)),
	              TXF_ERR_DTYPE_MISMATCH,
	              "txf_matmul: A is %s, B is %s, C is %s: A and B must be the same, and C too "
	              "(or f32 where A and B are f16 or bf16)",
	              txf_dtype_name(a->dtype), txf_dtype_name(b->dtype), txf_dtype_name(c->dtype));
	TXF_CHECK_ARG(a->dtype == TXF_F32 || a->dtype == TXF_F64 || txf__is_float16(a->dtype),
	              TXF_ERR_BAD_DTYPE,
	              "txf_matmul: element type %s is not supported (f32, f64, and f16 and bf16 "
	              "with an f32 or same-type C, are)",
	              txf_dtype_name(a->dtype));
	TXF_CHECK_ARG(a->dtype != TXF_F64 || ctx->profile.has_fp64, TXF_ERR_FP64_UNSUPPORTED,
	              "txf_matmul: f64 needs cl_khr_fp64, which %s does not have",
	              ctx->profile.normalized_name);
	*m = op_a == TXF_OP_N ? a->rows : a->cols;
	*k = op_a == TXF_OP_N ? a->cols : a->rows;
	size_t kb = op_b == TXF_OP_N ? b->rows : b->cols;
	*n = op_b == TXF_OP_N ? b->cols : b->rows;
	TXF_CHECK_ARG(*k == kb, TXF_ERR_INNER_DIM_MISMATCH,
	              "txf_matmul: op(A) is %zu x %zu but op(B) is %zu x %zu", *m, *k, kb, *n);
	TXF_CHECK_ARG(c->rows == *m && c->cols == *n, TXF_ERR_SHAPE_MISMATCH,
	              "txf_matmul: op(A) op(B) is %zu x %zu but C is %zu x %zu", *m, *n, c->rows,
	              c->cols);
	TXF_CHECK_ARG(!txf__views_overlap(c, a) && !txf__views_overlap(c, b), TXF_ERR_OVERLAP,
	              "txf_matmul: C overlaps %s", txf__views_overlap(c, a) ? "A" : "B");
	return TXF_SUCCESS;
}

/* txf_matmul of checked operands, in the product's type; A and B of a 16-bit
 * type are read only by PADCOPY's packs (the strategy must be PADCOPY). */
static txf_status matmul_checked(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha,
                                 const txf_matrix *a, const txf_matrix *b, double beta,
                                 const txf_matrix *c, const txf_matmul_options *public_opts,
                                 size_t m, size_t n, size_t k, cl_uint num_wait,
                                 const cl_event *wait, cl_event *event)
{
	txf__mopts resolved;
	txf_status s = txf__mopts_resolve(public_opts, &resolved);
	if (s != TXF_SUCCESS)
		return s;
	const txf__mopts *opts = &resolved;
	const txf_dtype src = a->dtype;
	size_t elem = txf__is_float16(src) ? 4 : txf_dtype_size(src);
	resolved.c_rows = c->offset * elem % 16 == 0 && c->ld * elem % 16 == 0 ? 1 : 2;
	txf__mchoice choice;
	s = txf__select_matmul(ctx, m, n, k, elem, opts, &choice);
	if (s != TXF_SUCCESS)
		return s;
	if (m == 0 || n == 0 || ((k == 0 || alpha == 0.0) && beta == 1.0))
		return txf__empty_operation(ctx, num_wait, wait, event);

	/* Row-major form. A column-major C is computed as C^T = op(B)^T op(A)^T. */
	problem pr = {m,
	              n,
	              k,
	              elem,
	              as_operand(a, op_a),
	              as_operand(b, op_b),
	              as_operand(c, TXF_OP_N),
	              alpha,
	              beta,
	              src};
	if (c->layout == TXF_COL_MAJOR) {
		pr.M = n;
		pr.N = m;
		pr.a = as_operand(b, op_b == TXF_OP_N ? TXF_OP_T : TXF_OP_N);
		pr.b = as_operand(a, op_a == TXF_OP_N ? TXF_OP_T : TXF_OP_N);
		pr.c.trans = false;
	}
	/* A vector operand stored with unit stride is read along K, which the
	 * kernels then know to be contiguous: op(A) of one row, op(B) of one
	 * column. */
	if (pr.M == 1 && pr.a.trans && pr.a.ld == 1) {
		pr.a.trans = false;
		pr.a.ld = pr.K ? pr.K : 1;
	}
	if (pr.N == 1 && !pr.b.trans && pr.b.ld == 1) {
		pr.b.trans = true;
		pr.b.ld = pr.K ? pr.K : 1;
	}
	/* The kernels load vectors with vloadn, which needs only element
	 * alignment, so the vector widths stay as chosen whatever the leading
	 * dimensions and offsets: they also decide which work-item loads which
	 * part of a tile and how its stores to local memory are spread over the
	 * banks (narrowing vwa from 4 to 1 on a row-major A with an odd lda made
	 * the product 1.5 times slower on an H100). */
	txf__mparams p = choice.params;
	TXF_CHECK_ARG(!txf__is_float16(src) ||
	                  (choice.strategy == TXF_STRATEGY_PADCOPY && k && alpha != 0.0),
	              TXF_ERR_STRATEGY_NOT_APPLICABLE,
	              "%s operands are packed by padcopy only, not read by %s", txf_dtype_name(src),
	              txf_strategy_name(choice.strategy));

	plan pl;
	memset(&pl, 0, sizeof pl);
	if (k == 0 || alpha == 0.0) {
		/* C = beta C: A and B are not read (BLAS). */
		s = add_product(ctx, &pl, &pr, &p, "matmul_simple", pr.M, pr.N, 0, 0.0, beta, pr.a,
		                pr.b, pr.c, -1, 1);
	} else {
		switch (choice.strategy) {
		case TXF_STRATEGY_SIMPLE:
			s = add_product(ctx, &pl, &pr, &p, "matmul_simple", pr.M, pr.N, pr.K, alpha,
			                beta, pr.a, pr.b, pr.c, -1, 1);
			break;
		case TXF_STRATEGY_PAD: {
			/* Where the blocks divide the shape, the kernel without checks;
			 * the reduction kernel's blocks lie as C does in storage. */
			const char *name = p.dot > 1 ? "matmul_dot"
			                   : pr.M % p.mwg || pr.N % p.nwg || pr.K % p.kwg
			                       ? "matmul_pad"
			                       : "matmul_even";
			if (p.dot > 1 && c->layout == TXF_COL_MAJOR) {
				const unsigned w = p.mwg, d = p.mdimc;
				p.mwg = p.nwg;
				p.mdimc = p.ndimc;
				p.nwg = w;
				p.ndimc = d;
			}
			if (p.ksplit > 1)
				s = add_pad_sliced(ctx, &pl, &pr, &p, name,
				                   opts ? opts->workspace : NULL);
			else
				s = add_product(ctx, &pl, &pr, &p, name, pr.M, pr.N, pr.K, alpha,
				                beta, pr.a, pr.b, pr.c, -1, 1);
			break;
		}
		case TXF_STRATEGY_TRUNCATE:
			TXF_CHECK_ARG(
			    pr.M >= p.mwg && pr.N >= p.nwg, TXF_ERR_STRATEGY_NOT_APPLICABLE,
			    "truncate needs at least one whole %u x %u block of C (in its "
			    "storage order); C is %zu x %zu",
			    p.mwg, p.nwg, pr.M, pr.N);
			s = add_product(ctx, &pl, &pr, &p, "matmul_truncate", pr.M, pr.N, pr.K,
			                alpha, beta, pr.a, pr.b, pr.c, -1, 1);
			break;
		case TXF_STRATEGY_SPLIT:
			s = add_split(ctx, &pl, &pr, &p);
			break;
		case TXF_STRATEGY_PADCOPY:
			/* Its temporaries are aligned; an operand it reads where it
			 * is must be aligned for the chosen widths (padcopy_needs). */
			s = add_padcopy(ctx, &pl, &pr, &choice.params,
			                opts ? opts->workspace : NULL);
			break;
		default:
			s = txf__fail(TXF_ERR_BAD_STRATEGY, "unresolved strategy %d",
			              (int)choice.strategy);
		}
	}
	if (s != TXF_SUCCESS) {
		plan_free(ctx, &pl);
		return s;
	}
	return run(ctx, &pl, num_wait, wait, event);
}

txf_status txf__matmul_packed16(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha,
                                const txf_matrix *a, const txf_matrix *b, double beta,
                                const txf_matrix *c, const txf_matmul_options *opts, size_t m,
                                size_t n, size_t k, cl_uint num_wait, const cl_event *wait,
                                cl_event *event)
{
	return matmul_checked(ctx, op_a, op_b, alpha, a, b, beta, c, opts, m, n, k, num_wait, wait,
	                      event);
}

txf_status txf_matmul(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha, const txf_matrix *a,
                      const txf_matrix *b, double beta, const txf_matrix *c,
                      const txf_matmul_options *public_opts, cl_uint num_wait, const cl_event *wait,
                      cl_event *event)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "txf_matmul: ctx must not be NULL");
	txf_status s = txf__check_wait_list(num_wait, wait);
	size_t m = 0, n = 0, k = 0;
	if (s == TXF_SUCCESS)
		s = check_operands(ctx, op_a, op_b, a, b, beta, c, &m, &n, &k);
	if (s != TXF_SUCCESS)
		return s;
	if (txf__is_float16(a->dtype))
		return txf__matmul_float16(ctx, op_a, op_b, alpha, a, b, beta, c, public_opts, m, n,
		                           k, num_wait, wait, event);
	return matmul_checked(ctx, op_a, op_b, alpha, a, b, beta, c, public_opts, m, n, k, num_wait,
	                      wait, event);
}

txf_status txf__matmul_explain(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                               const txf_matmul_options *public_opts, txf__mchoice *out)
{
	TXF_CHECK_ARG(ctx, TXF_ERR_NULL_ARG, "txf_matmul_explain: ctx must not be NULL");
	TXF_CHECK_ARG(dtype == TXF_F32 || dtype == TXF_F64, TXF_ERR_BAD_DTYPE,
	              "matmul supports f32, f64, f16 and bf16, not %s",
	              txf_dtype_name(dtype) ? txf_dtype_name(dtype) : "an unknown type");
	/* Operands of this shape could not exist. */
	const size_t elem = txf_dtype_size(dtype);
	const size_t dims[3][2] = {{m, k}, {k, n}, {m, n}};
	static const char *const names[3] = {"op(A)", "op(B)", "C"};
	for (int i = 0; i < 3; i++) {
		size_t bytes;
		TXF_CHECK_ARG(txf__mul_ok(dims[i][0], dims[i][1], &bytes) &&
		                  txf__mul_ok(bytes, elem, &bytes),
		              TXF_ERR_SIZE_OVERFLOW,
		              "%s of m x n x k = %zu x %zu x %zu is %zu x %zu elements of %s: that "
		              "overflows size_t",
		              names[i], m, n, k, dims[i][0], dims[i][1], txf_dtype_name(dtype));
	}
	txf__mopts opts;
	txf_status s = txf__mopts_resolve(public_opts, &opts);
	if (s != TXF_SUCCESS)
		return s;
	return txf__select_matmul(ctx, m, n, k, elem, &opts, out);
}

txf_status txf_matmul_explain(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                              const txf_matmul_options *opts, txf_matmul_choice *out)
{
	txf__clear_error();
	TXF_CHECK_ARG(ctx && out, TXF_ERR_NULL_ARG,
	              "txf_matmul_explain: ctx and out must not be NULL");
	txf__mchoice c;
	txf_status s = txf__is_float16(dtype)
	                   ? txf__explain_float16(ctx, m, n, k, dtype, opts, &c, NULL)
	                   : txf__matmul_explain(ctx, m, n, k, dtype, opts, &c);
	if (s == TXF_SUCCESS)
		txf__mchoice_publish(&c, out);
	return s;
}

txf_status txf_matmul_workspace_size(txf_context *ctx, size_t m, size_t n, size_t k,
                                     txf_dtype dtype, const txf_matmul_options *opts, size_t *bytes)
{
	txf__clear_error();
	TXF_CHECK_ARG(bytes, TXF_ERR_NULL_ARG, "txf_matmul_workspace_size: bytes must not be NULL");
	*bytes = 0;
	if (txf__is_float16(dtype)) {
		txf__mchoice c;
		return txf__explain_float16(ctx, m, n, k, dtype, opts, &c, bytes);
	}
	return txf__matmul_workspace(ctx, m, n, k, dtype, false, opts, bytes);
}

txf_status txf__matmul_workspace(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                                 bool packs16, const txf_matmul_options *opts, size_t *bytes)
{
	*bytes = 0;
	txf__mchoice c;
	txf_status s = txf__matmul_explain(ctx, m, n, k, dtype, opts, &c);
	if (s != TXF_SUCCESS || !m || !n || !k)
		return s;
	const size_t elem = txf_dtype_size(dtype);
	size_t need = 0;
	if (c.strategy == TXF_STRATEGY_PADCOPY && txf__padcopy_panels(&c.params) && !packs16) {
		/* B's panels and the partial sums of K slices, for either
		 * storage order of C (which swaps m and n). */
		for (int swap = 0; swap < 2; swap++) {
			size_t b_bytes = 0, c_bytes = 0;
			TXF_CHECK_ARG(panels_bytes(swap ? m : n, k, elem, &c.params, &b_bytes) &&
			                  (slices_of(&c.params) <= 1 ||
			                   slices_bytes(m, n, elem, &c.params, &c_bytes)) &&
			                  b_bytes + c_bytes >= b_bytes,
			              TXF_ERR_SIZE_OVERFLOW, "padcopy temporaries overflow size_t");
			if (b_bytes + c_bytes > need)
				need = b_bytes + c_bytes;
		}
	} else if (c.strategy == TXF_STRATEGY_PADCOPY) {
		/* The most any layout needs: both packs, and the padded C of
		 * K slices. */
		const padcopy_parts all = {true, true, c.params.ksplit > 1};
		padded d;
		TXF_CHECK_ARG(padded_layout(m, n, k, elem, &c.params, all, &d),
		              TXF_ERR_SIZE_OVERFLOW, "padcopy temporaries overflow size_t");
		/* The storage order of C may swap m and n; take the larger of both. */
		padded e;
		if (padded_layout(n, m, k, elem, &c.params, all, &e) && e.bytes > d.bytes)
			d = e;
		need = d.bytes;
	} else if (c.strategy == TXF_STRATEGY_PAD && c.params.ksplit > 1) {
		TXF_CHECK_ARG(slices_bytes(m, n, elem, &c.params, &need), TXF_ERR_SIZE_OVERFLOW,
		              "K-slice partial sums overflow size_t");
	} else {
		return TXF_SUCCESS;
	}
	TXF_CHECK_ARG(need <= ctx->profile.max_alloc_size, TXF_ERR_TOO_LARGE,
	              "%s of %zu x %zu x %zu needs %zu bytes of workspace, more than the "
	              "device allows in one buffer (%llu)",
	              c.strategy == TXF_STRATEGY_PADCOPY ? "padcopy" : "K slices", m, n, k, need,
	              (unsigned long long)ctx->profile.max_alloc_size);
	*bytes = need;
	return TXF_SUCCESS;
}
