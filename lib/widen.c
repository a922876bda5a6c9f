/* Matrix products of 16-bit operands (f16, bf16) through the float32
 * product: A and B are widened to float32 in a workspace, multiplied there,
 * and a 16-bit C is widened (where beta reads it) and narrowed back
 * (kernels in cl/convert.cl). Where the float32 product is padcopy, its
 * packs read A and B and widen them as they copy (matmul.c), so nothing
 * else touches them.
 *
 * Widening is exact. A product of two widened values has at most 11 x 11
 * significant bits and is exact in float32, so the float32 product's error
 * bound holds for the sums. On TF32 matrix units such products are exact
 * too: unless the caller chose a precision, the float32 product runs with
 * precision tf32, which there equals an exact one. */
#include "txf_internal.h"

#include <stdio.h>
#include <string.h>

#define KERNEL_FILE "convert.cl"

bool txf__is_float16(txf_dtype t)
{
	return t == TXF_F16 || t == TXF_BF16;
}

/* Where the widened matrices lie in the workspace (float32 element
 * offsets), how many bytes they take, and where the float32 product's own
 * workspace starts (bytes, aligned for a sub-buffer). */
typedef struct wide_layout {
	size_t a_off, b_off, c_off;
	size_t bytes;
	size_t inner_at;
} wide_layout;

/* Elements of a view's rows x cols, or false on overflow. */
static bool count(size_t rows, size_t cols, size_t *n)
{
	return txf__mul_ok(rows, cols, n);
}

static bool add_ok(size_t a, size_t b, size_t *out)
{
	if (a > SIZE_MAX - b)
		return false;
	*out = a + b;
	return true;
}

/* A workspace for m x n x k: widened A (m k), B (k n) and, with a 16-bit C,
 * C (m n); each starts on 128 bytes. The product's own workspace follows at
 * a multiple of align bytes. */
static bool plan_layout(size_t m, size_t n, size_t k, bool wide_c, size_t align, wide_layout *w)
{
	size_t na = 0, nb = 0, nc = 0;
	if (!count(m, k, &na) || !count(k, n, &nb) || (wide_c && !count(m, n, &nc)))
		return false;
	size_t at = 0;
	w->a_off = at;
	if (!add_ok(at, txf__round_up(na, 32), &at))
		return false;
	w->b_off = at;
	if (!add_ok(at, txf__round_up(nb, 32), &at))
		return false;
	w->c_off = at;
	if (!add_ok(at, txf__round_up(nc, 32), &at) || !txf__mul_ok(at, 4, &w->bytes))
		return false;
	w->inner_at = align ? txf__round_up(w->bytes, align) : w->bytes;
	return w->inner_at >= w->bytes;
}

/* The alignment of a sub-buffer's origin on this device, in bytes. */
static size_t sub_buffer_align(txf_context *ctx)
{
	cl_uint bits = 0;
	if (clGetDeviceInfo(ctx->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL) !=
	        CL_SUCCESS ||
	    bits < 8)
		bits = 4096 * 8;
	return bits / 8;
}

/* The caller's options for the float32 product: precision tf32 unless
 * chosen, and the workspace given (the product's part of the caller's). */
static txf_status inner_options(const txf_matmul_options *caller, const txf__mopts *resolved,
                                cl_mem workspace, txf_matmul_options *out)
{
	if (caller)
		*out = *caller;
	else
		txf_matmul_options_default(out);
	out->workspace = workspace;
	if (resolved->params.precision == 0)
		return txf_matmul_options_set(out, "precision", TXF__PREC_TF32);
	return TXF_SUCCESS;
}

/* The float32 product's choice and how the 16-bit operands change it: with
 * padcopy its K-major packs read them (the f32 count leaves B's pack out
 * where the blocks divide N and K, and counts one pack, B's panels, for
 * the blocked kernel), otherwise two launches widen them first. Where
 * that padcopy runs on the matrix units, its packs store the operands in
 * pairs along K and the product is m16n8k16 on the 16-bit units (mma 4). */
static void describe(txf__mchoice *c, txf_dtype dtype, size_t m, size_t n, size_t k)
{
	txf__mparams *p = &c->params;
	const bool packs = c->strategy == TXF_STRATEGY_PADCOPY, pairs = packs && p->mma >= 2;
	if (m && n && k)
		c->launches += !packs                   ? 2
		               : txf__padcopy_panels(p) ? 1
		                                        : (n % p->nwg == 0 && k % p->kwg == 0);
	if (pairs)
		p->mma = 4;
	char why[sizeof c->why];
	const char *name = txf_dtype_name(dtype);
	int w =
	    pairs
	        ? snprintf(why, sizeof why,
	                   "%s operands packed in pairs along k by padcopy's packs for the %s "
	                   "matrix units (mma.sync m16n8k16: products exact, sums in f32; "
	                   "kwg counts pairs); the blocks of the f32 product: ",
	                   name, name)
	        : snprintf(why, sizeof why,
	                   packs ? "%s operands widened to f32 (exact) by padcopy's packs; the f32 "
	                           "product: "
	                         : "%s operands widened to f32 (exact); the f32 product: ",
	                   name);
	size_t at = w > 0 && (size_t)w < sizeof why ? (size_t)w : 0;
	size_t rest = strnlen(c->why, sizeof c->why);
	if (rest > sizeof why - 1 - at)
		rest = sizeof why - 1 - at;
	memcpy(why + at, c->why, rest);
	why[at + rest] = '\0';
	memcpy(c->why, why, sizeof why);
}

/* The float32 product's choice for 16-bit operands with the options probe.
 * Where auto puts it on the matrix units, padcopy takes its place (and
 * probe says so): its packs store the operands in pairs for the 16-bit
 * units, which moves less than widening them. */
static txf_status inner_choice(txf_context *ctx, size_t m, size_t n, size_t k,
                               txf_matmul_options *probe, txf__mchoice *out)
{
	txf_status s = txf__matmul_explain(ctx, m, n, k, TXF_F32, probe, out);
	if (s != TXF_SUCCESS || probe->strategy != TXF_STRATEGY_AUTO || out->params.mma < 2 ||
	    out->strategy == TXF_STRATEGY_PADCOPY)
		return s;
	txf_matmul_options padcopy = *probe;
	padcopy.strategy = TXF_STRATEGY_PADCOPY;
	txf__mchoice c;
	if (txf__matmul_explain(ctx, m, n, k, TXF_F32, &padcopy, &c) != TXF_SUCCESS) {
		txf__clear_error();
		return TXF_SUCCESS;
	}
	if (c.params.mma >= 2) {
		/* The caller did not force it. */
		static const char forced[] = "padcopy forced by the caller; ";
		if (strncmp(c.why, forced, sizeof forced - 1) == 0)
			memmove(c.why, c.why + sizeof forced - 1,
			        strlen(c.why + sizeof forced - 1) + 1);
		*out = c;
		*probe = padcopy;
	}
	return TXF_SUCCESS;
}

txf_status txf__explain_float16(txf_context *ctx, size_t m, size_t n, size_t k, txf_dtype dtype,
                                const txf_matmul_options *opts, txf__mchoice *out,
                                size_t *workspace)
{
	txf__mopts resolved;
	txf_status s = txf__mopts_resolve(opts, &resolved);
	if (s != TXF_SUCCESS)
		return s;
	txf_matmul_options inner;
	s = inner_options(opts, &resolved, NULL, &inner);
	if (s != TXF_SUCCESS)
		return s;
	s = inner_choice(ctx, m, n, k, &inner, out);
	if (s != TXF_SUCCESS)
		return s;
	describe(out, dtype, m, n, k);
	if (!workspace || !m || !n)
		return TXF_SUCCESS; /* m = 0 or n = 0: the call does nothing */
	/* Enough for a 16-bit C that beta reads, the operands where they are
	 * widened (not by padcopy's packs), and the product's part. */
	size_t inner_bytes = 0;
	s = txf__matmul_workspace(ctx, m, n, k, TXF_F32, true, &inner, &inner_bytes);
	if (s != TXF_SUCCESS)
		return s;
	const bool packs = out->strategy == TXF_STRATEGY_PADCOPY;
	wide_layout w;
	TXF_CHECK_ARG(plan_layout(m, n, packs ? 0 : k, true, sub_buffer_align(ctx), &w) &&
	                  add_ok(w.inner_at, inner_bytes, workspace),
	              TXF_ERR_SIZE_OVERFLOW,
	              "the widened operands of %zu x %zu x %zu overflow size_t", m, n, k);
	if (!inner_bytes)
		*workspace = w.bytes;
	return TXF_SUCCESS;
}

txf_status txf__convert_kernel(txf_context *ctx, txf_dtype t, const char *name, cl_kernel *out)
{
	char options[64] = "";
	size_t len = 0;
	if (!txf__add_define(options, sizeof options, &len, "TXF_BF16", t == TXF_BF16))
		return txf__fail(TXF_ERR_INVALID_ARG, "the build options of %s are too long", name);
	txf_status s = txf__program_kernel(ctx, KERNEL_FILE, options, name, out);
	return s;
}

/* One conversion launch over a rows x cols matrix in row-major form. */
static txf_status convert(txf_context *ctx, txf_dtype t, const char *name, cl_mem src,
                          size_t src_off, size_t src_ld, cl_mem dst, size_t dst_off, size_t dst_ld,
                          size_t rows, size_t cols, cl_uint num_wait, const cl_event *wait,
                          cl_event *event)
{
	cl_kernel k = NULL;
	txf_status s = txf__convert_kernel(ctx, t, name, &k);
	if (s != TXF_SUCCESS)
		return s;
	cl_ulong args[6] = {src_off, src_ld, dst_off, dst_ld, rows, cols};
	cl_int err = clSetKernelArg(k, 0, sizeof src, &src);
	err |= clSetKernelArg(k, 1, sizeof args[0], &args[0]);
	err |= clSetKernelArg(k, 2, sizeof args[1], &args[1]);
	err |= clSetKernelArg(k, 3, sizeof dst, &dst);
	for (cl_uint i = 2; i < 6; i++)
		err |= clSetKernelArg(k, i + 2, sizeof args[i], &args[i]);
	if (err != CL_SUCCESS) {
		txf__give_back_kernel(ctx, k);
		return txf__fail(TXF_ERR_OPENCL, "clSetKernelArg(%s) failed", name);
	}
	/* Four columns per work-item (cl/convert.cl CONV_VEC). */
	size_t local[2], global[2];
	txf__untiled_geometry(ctx, k, rows, (cols + 3) / 4, local, global);
	s = txf__enqueue(ctx, k, 2, global, local, num_wait, wait, event);
	txf__give_back_kernel(ctx, k);
	return s;
}

/* A view's rows x cols in row-major form: stored rows, stored columns. */
static void stored(const txf_matrix *x, size_t *rows, size_t *cols)
{
	*rows = x->layout == TXF_ROW_MAJOR ? x->rows : x->cols;
	*cols = x->layout == TXF_ROW_MAJOR ? x->cols : x->rows;
}

/* The float32 copy of x at element offset off of ws, tightly packed. */
static txf_matrix widened_view(const txf_matrix *x, cl_mem ws, size_t off)
{
	size_t r, c;
	stored(x, &r, &c);
	txf_matrix v = {ws, off, x->rows, x->cols, c, TXF_F32, x->layout};
	return v;
}

static txf_status widen(txf_context *ctx, const txf_matrix *x, cl_mem ws, size_t off,
                        cl_uint num_wait, const cl_event *wait, cl_event *event)
{
	size_t r, c;
	stored(x, &r, &c);
	return convert(ctx, x->dtype, "widen16", x->buffer, x->offset, x->ld, ws, off, c, r, c,
	               num_wait, wait, event);
}

txf_status txf__matmul_float16(txf_context *ctx, txf_op op_a, txf_op op_b, double alpha,
                               const txf_matrix *a, const txf_matrix *b, double beta,
                               const txf_matrix *c, const txf_matmul_options *opts, size_t m,
                               size_t n, size_t k, cl_uint num_wait, const cl_event *wait,
                               cl_event *event)
{
	txf__mopts resolved;
	txf_status s = txf__mopts_resolve(opts, &resolved);
	if (s != TXF_SUCCESS)
		return s;
	if (m == 0 || n == 0 || ((k == 0 || alpha == 0.0) && beta == 1.0))
		return txf__empty_operation(ctx, num_wait, wait, event);
	/* Where A and B are not read (alpha = 0), the product is given them
	 * with K = 0: it then scales C by beta, and nothing is widened. Where
	 * the f32 product is padcopy, its packs read A and B as they are. */
	const bool reads_ab = k > 0 && alpha != 0.0;
	const size_t kk = reads_ab ? k : 0;
	txf_matmul_options probe;
	txf__mchoice choice;
	choice.strategy = TXF_STRATEGY_AUTO;
	s = inner_options(opts, &resolved, NULL, &probe);
	if (s == TXF_SUCCESS && reads_ab)
		s = inner_choice(ctx, m, n, k, &probe, &choice);
	if (s != TXF_SUCCESS)
		return s;
	const bool packs = reads_ab && choice.strategy == TXF_STRATEGY_PADCOPY;
	const bool widen_ab = reads_ab && !packs;
	const bool narrow = c->dtype != TXF_F32, reads_c = narrow && beta != 0.0;
	const size_t align = sub_buffer_align(ctx);
	wide_layout w;
	TXF_CHECK_ARG(plan_layout(m, n, widen_ab ? k : 0, narrow, align, &w), TXF_ERR_SIZE_OVERFLOW,
	              "the widened operands of %zu x %zu x %zu overflow size_t", m, n, k);

	/* In a caller's workspace, the widened matrices and the product's own
	 * part are two sub-buffers that do not overlap; without one, both come
	 * from the context's pool. */
	cl_mem ws = NULL, inner_ws = NULL;
	txf__pool_ticket *ticket = NULL;
	if (resolved.workspace) {
		size_t have = 0;
		cl_int err =
		    clGetMemObjectInfo(resolved.workspace, CL_MEM_SIZE, sizeof have, &have, NULL);
		if (err != CL_SUCCESS)
			return txf__fail(TXF_ERR_INVALID_ARG,
			                 "workspace is not a valid cl_mem (%s)",
			                 txf__cl_error_name(err));
		/* The widened matrices, then what the f32 product needs. */
		size_t inner_bytes = 0, need = w.bytes;
		s = txf__matmul_workspace(ctx, m, n, kk, TXF_F32, true, &probe, &inner_bytes);
		if (s != TXF_SUCCESS)
			return s;
		if (inner_bytes)
			need = w.inner_at + inner_bytes;
		TXF_CHECK_ARG(have >= need, TXF_ERR_WORKSPACE_TOO_SMALL,
		              "%s operands of %zu x %zu x %zu need %zu bytes of workspace (%zu to "
		              "widen them, the rest for the f32 product), the buffer has %zu (see "
		              "txf_matmul_workspace_size)",
		              txf_dtype_name(a->dtype), m, n, k, need, w.bytes, have);
		TXF_CHECK_ARG(!txf__buffers_share(resolved.workspace, c->buffer) &&
		                  !txf__buffers_share(resolved.workspace, a->buffer) &&
		                  !txf__buffers_share(resolved.workspace, b->buffer),
		              TXF_ERR_OVERLAP,
		              "the workspace shares memory with A, B or C, which widening "
		              "would overwrite");
		/* A sub-buffer cannot be cut further: the parts are cut from its
		 * parent, at its (aligned) origin. */
		const txf__mem_range root = txf__range_of(resolved.workspace);
		cl_buffer_region wide = {root.offset, w.bytes ? w.bytes : 1};
		ws = clCreateSubBuffer(root.root, 0, CL_BUFFER_CREATE_TYPE_REGION, &wide, &err);
		if (!ws)
			return txf__fail_cl(err,
			                    "clCreateSubBuffer (the workspace's widened part)");
		if (have > w.inner_at) {
			cl_buffer_region region = {root.offset + w.inner_at, have - w.inner_at};
			inner_ws = clCreateSubBuffer(root.root, 0, CL_BUFFER_CREATE_TYPE_REGION,
			                             &region, &err);
			if (!inner_ws) {
				clReleaseMemObject(ws);
				return txf__fail_cl(err,
				                    "clCreateSubBuffer (the workspace's f32 part)");
			}
		}
	} else {
		TXF_CHECK_ARG(w.bytes <= ctx->profile.max_alloc_size, TXF_ERR_TOO_LARGE,
		              "%s operands of %zu x %zu x %zu need %zu bytes to widen, more than "
		              "the device allows in one buffer (%llu)",
		              txf_dtype_name(a->dtype), m, n, k, w.bytes,
		              (unsigned long long)ctx->profile.max_alloc_size);
		s = txf__pool_acquire(ctx, w.bytes ? w.bytes : 4, &ws, &ticket);
		if (s != TXF_SUCCESS)
			return s;
	}
	txf_matmul_options inner;
	s = inner_options(opts, &resolved, inner_ws, &inner);
	if (s == TXF_SUCCESS && packs) {
		/* The product runs what was explained: padcopy with every
		 * parameter as chosen (a tuning swapped by another thread in
		 * between changes nothing). */
		txf_matmul_choice pub;
		txf__mchoice_publish(&choice, &pub);
		inner.strategy = TXF_STRATEGY_PADCOPY;
		inner.num_params = 0;
		for (unsigned i = 0; s == TXF_SUCCESS && i < pub.num_params; i++)
			s = txf_matmul_options_set(&inner, pub.params[i].name, pub.params[i].value);
	}

	/* Widen, in the queue's order or each after the caller's list; the
	 * product waits for them. Only the last launch writes the caller's C. */
	cl_event deps[3] = {NULL, NULL, NULL};
	cl_uint nd = 0;
	if (s == TXF_SUCCESS && widen_ab)
		s = widen(ctx, a, ws, w.a_off, num_wait, wait, &deps[nd++]);
	if (s == TXF_SUCCESS && widen_ab)
		s = widen(ctx, b, ws, w.b_off, num_wait, wait, &deps[nd++]);
	if (s == TXF_SUCCESS && reads_c)
		s = widen(ctx, c, ws, w.c_off, num_wait, wait, &deps[nd++]);
	txf_matrix a32 = widened_view(a, ws, w.a_off), b32 = widened_view(b, ws, w.b_off);
	if (!reads_ab) {
		/* op(A) m x 0 and op(B) 0 x n. */
		*(op_a == TXF_OP_N ? &a32.cols : &a32.rows) = 0;
		*(op_b == TXF_OP_N ? &b32.rows : &b32.cols) = 0;
		a32.ld = b32.ld = 1;
	}
	const txf_matrix c32 = narrow ? widened_view(c, ws, w.c_off) : *c;
	cl_event product = NULL;
	if (s == TXF_SUCCESS) {
		/* Without widening, the product itself waits for the caller. */
		const cl_uint pn = nd ? nd : num_wait;
		const cl_event *pw = nd ? deps : wait;
		s = packs ? txf__matmul_packed16(ctx, op_a, op_b, alpha, a, b, beta, &c32, &inner,
		                                 m, n, k, pn, pn ? pw : NULL, &product)
		          : txf_matmul(ctx, op_a, op_b, alpha, &a32, &b32, beta, &c32, &inner, pn,
		                       pn ? pw : NULL, &product);
	}
	cl_event last = NULL;
	if (s == TXF_SUCCESS && narrow) {
		size_t r, cc;
		stored(c, &r, &cc);
		s = convert(ctx, c->dtype, "narrow16", ws, w.c_off, cc, c->buffer, c->offset, c->ld,
		            r, cc, 1, &product, &last);
	} else if (s == TXF_SUCCESS) {
		last = product;
		product = NULL;
	}
	/* A failure after some widening was enqueued: those commands write the
	 * workspace, so it goes back to the pool once they are done. */
	for (cl_uint i = 0; s != TXF_SUCCESS && ticket && i < nd; i++)
		if (deps[i])
			clWaitForEvents(1, &deps[i]);
	if (s != TXF_SUCCESS && ticket && product)
		clWaitForEvents(1, &product);
	for (cl_uint i = 0; i < nd; i++)
		txf__event_done(ctx, deps[i]);
	if (product)
		txf__event_done(ctx, product);
	/* The driver keeps sub-buffers while commands use them. */
	if (inner_ws)
		clReleaseMemObject(inner_ws);
	if (!ticket && ws)
		clReleaseMemObject(ws);
	if (s == TXF_SUCCESS && ticket)
		txf__pool_give_back_after(ticket, last);
	else
		txf__pool_give_back(ticket);
	if (s == TXF_SUCCESS && event)
		*event = last;
	else if (last)
		txf__event_done(ctx, last);
	return s;
}
