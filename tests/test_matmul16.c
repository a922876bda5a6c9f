/* Products of 16-bit operands (f16, bf16) with f32 accumulation: every
 * 16-bit value widened exactly, narrowing to nearest even, and checked
 * products of every strategy, op, layout, leading dimension, offset and
 * scalar combination, with an f32 or a 16-bit C, in a caller's workspace or
 * the context's pool. References are computed on the host in double from
 * the 16-bit values; outputs start poisoned and everything outside C's view
 * must keep its poison. */
#include "common.h"

#include "txf_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------ host conversions */

static double f16_value(uint16_t h)
{
	const int e = (h >> 10) & 0x1f, f = h & 0x3ff;
	const double s = (h & 0x8000) ? -1.0 : 1.0;
	if (e == 31)
		return f ? NAN : s * INFINITY;
	if (e == 0)
		return s * ldexp(f, -24);
	return s * ldexp(1024 + f, e - 25);
}

static double bf16_value(uint16_t h)
{
	uint32_t u = (uint32_t)h << 16;
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

/* d rounded to binary16, to nearest with ties to even. */
static uint16_t f16_bits(double d)
{
	if (isnan(d))
		return 0x7e00;
	const uint16_t sign = signbit(d) ? 0x8000 : 0;
	const double a = fabs(d);
	if (a >= 65520.0)
		return sign | 0x7c00;
	if (a < ldexp(1.0, -14))
		return sign | (uint16_t)nearbyint(ldexp(a, 24)); /* 0x400 is the first normal */
	int ex;
	frexp(a, &ex); /* a = f 2^ex, f in [0.5, 1) */
	int e = ex - 1;
	double q = nearbyint(ldexp(a, 10 - e));
	if (q >= 2048.0) {
		q = 1024.0;
		e++;
	}
	if (e + 15 >= 31)
		return sign | 0x7c00;
	return sign | (uint16_t)((e + 15) << 10) | (uint16_t)(q - 1024.0);
}

/* A float rounded to bfloat16, to nearest with ties to even. */
static uint16_t bf16_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	if ((u & 0x7fffffffu) > 0x7f800000u)
		return 0x7fc0;
	return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

static double value16(txf_dtype t, uint16_t h)
{
	return t == TXF_BF16 ? bf16_value(h) : f16_value(h);
}

static uint16_t bits16(txf_dtype t, double d)
{
	return t == TXF_BF16 ? bf16_bits((float)d) : f16_bits(d);
}

/* The relative spacing of the 16-bit type below 1, and its smallest
 * subnormal. */
static double unit16(txf_dtype t)
{
	return t == TXF_BF16 ? ldexp(1.0, -8) : ldexp(1.0, -11);
}

static double tiny16(txf_dtype t)
{
	return t == TXF_BF16 ? 0.0 : ldexp(1.0, -24);
}

/* ------------------------------------------------------------- operands */

/* A matrix in a test buffer with a host image of the whole buffer. */
typedef struct operand {
	test_buffer buf;
	unsigned char *image;
	txf_matrix m;
	size_t elem;
} operand;

static operand operand_new(txf_dtype t, size_t rows, size_t cols, txf_layout l, size_t pad,
                           size_t off)
{
	operand o;
	o.elem = txf_dtype_size(t);
	size_t ld = (l == TXF_COL_MAJOR ? rows : cols) + pad;
	if (ld == 0)
		ld = 1;
	o.buf = test_buffer_new(test_view_span(t, rows, cols, ld, off, l) + 5 * o.elem);
	o.image = test_image_poisoned(&o.buf);
	o.m = test_view(&o.buf, t, rows, cols, ld, off, l);
	return o;
}

static void operand_free(operand *o)
{
	free(o->image);
	test_buffer_free(&o->buf);
}

static size_t byte_at(const operand *o, size_t i, size_t j)
{
	return GUARD_BYTES +
	       test_index(o->m.layout, o->m.ld, o->m.offset - GUARD_BYTES / o->elem, i, j) *
	           o->elem;
}

static double get_in(const operand *o, const unsigned char *image, size_t i, size_t j)
{
	const unsigned char *p = image + byte_at(o, i, j);
	if (o->elem == 2) {
		uint16_t h;
		memcpy(&h, p, 2);
		return value16(o->m.dtype, h);
	}
	float f;
	memcpy(&f, p, 4);
	return f;
}

static double get(const operand *o, size_t i, size_t j)
{
	return get_in(o, o->image, i, j);
}

static void put_bits(operand *o, size_t i, size_t j, uint16_t h)
{
	memcpy(o->image + byte_at(o, i, j), &h, 2);
}

static void set(operand *o, size_t i, size_t j, double v)
{
	if (o->elem == 2) {
		put_bits(o, i, j, bits16(o->m.dtype, v));
	} else {
		float f = (float)v;
		memcpy(o->image + byte_at(o, i, j), &f, 4);
	}
}

static double uniform(void)
{
	return (double)(test_rng_next() >> 11) * 0x1.0p-53 * 2.0 - 1.0;
}

static void upload(operand *o)
{
	test_buffer_upload(&o->buf, 0, o->image + GUARD_BYTES, o->buf.bytes);
}

/* ---------------------------------------------------------------- cases */

typedef struct mcase {
	size_t m, n, k;
	txf_dtype t, ct; /* A and B; C */
	txf_op op_a, op_b;
	txf_layout la, lb, lc;
	size_t pad_a, pad_b, pad_c, off_a, off_b, off_c;
	double alpha, beta;
	txf_strategy strategy;
	bool workspace; /* a caller's workspace of txf_matmul_workspace_size bytes */
	bool sub;       /* that workspace a sub-buffer */
	/* With padcopy: precision 2 (3xtf32) or 3 (tf32) and mma 4, the
	 * 16-bit matrix units; 0: the options as they are. */
	unsigned units;
	unsigned ksplit; /* K slices, 0 as chosen */
} mcase;

static void describe(const mcase *c, char *buf, size_t n)
{
	snprintf(buf, n,
	         "%s x %s -> %s, %s, %zu x %zu x %zu %c%c alpha %g beta %g; A %s +%zu @%zu, B %s "
	         "+%zu @%zu, C %s +%zu @%zu; %s workspace; precision %u, ksplit %u",
	         txf_dtype_name(c->t), txf_dtype_name(c->t), txf_dtype_name(c->ct),
	         txf_strategy_name(c->strategy), c->m, c->n, c->k, c->op_a ? 'T' : 'N',
	         c->op_b ? 'T' : 'N', c->alpha, c->beta, c->la ? "col" : "row", c->pad_a, c->off_a,
	         c->lb ? "col" : "row", c->pad_b, c->off_b, c->lc ? "col" : "row", c->pad_c,
	         c->off_c, c->workspace ? (c->sub ? "caller's sub-buffer" : "caller's") : "pooled",
	         c->units, c->ksplit);
}

/* Run one case and check C against the host reference: within the f32
 * product's bound, plus half a unit of the 16-bit type for a 16-bit C; every
 * other byte of C's buffer, and A and B, as before. */
static void run_case(const mcase *c)
{
	char what[400];
	describe(c, what, sizeof what);
	const size_t ar = c->op_a == TXF_OP_N ? c->m : c->k, ac = c->op_a == TXF_OP_N ? c->k : c->m;
	const size_t br = c->op_b == TXF_OP_N ? c->k : c->n, bc = c->op_b == TXF_OP_N ? c->n : c->k;
	operand a = operand_new(c->t, ar, ac, c->la, c->pad_a, c->off_a);
	operand b = operand_new(c->t, br, bc, c->lb, c->pad_b, c->off_b);
	operand cc = operand_new(c->ct, c->m, c->n, c->lc, c->pad_c, c->off_c);
	for (size_t i = 0; i < ar; i++)
		for (size_t j = 0; j < ac; j++)
			set(&a, i, j, uniform());
	for (size_t i = 0; i < br; i++)
		for (size_t j = 0; j < bc; j++)
			set(&b, i, j, uniform());
	for (size_t i = 0; i < c->m; i++)
		for (size_t j = 0; j < c->n; j++)
			set(&cc, i, j, c->beta != 0.0 ? uniform() : ((i + j) % 2 ? NAN : INFINITY));
	upload(&a);
	upload(&b);
	upload(&cc);

	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = c->strategy;
	if (c->units) {
		test_mopt(&o, "precision", c->units);
		test_mopt(&o, "mma", 4);
	}
	if (c->ksplit)
		test_mopt(&o, "ksplit", c->ksplit);
	cl_mem ws = NULL, parent = NULL;
	if (c->workspace) {
		size_t bytes = 0;
		assert_int_equal(
		    txf_matmul_workspace_size(test_ctx, c->m, c->n, c->k, c->t, &o, &bytes),
		    TXF_SUCCESS);
		cl_uint bits = 0;
		assert_int_equal(clGetDeviceInfo(txf_context_device(test_ctx),
		                                 CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits,
		                                 NULL),
		                 CL_SUCCESS);
		const size_t origin = c->sub ? bits / 8 : 0;
		cl_int err;
		ws = clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE,
		                    origin + (bytes ? bytes : 1), NULL, &err);
		assert_non_null(ws);
		if (c->sub) {
			parent = ws;
			cl_buffer_region r = {origin, bytes ? bytes : 1};
			ws = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
			assert_non_null(ws);
		}
		o.workspace = ws;
	}
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, c->op_a, c->op_b, c->alpha, &a.m, &b.m, c->beta, &cc.m,
	                          &o, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
	test_wait(ev);
	unsigned char *got = test_buffer_download_all(&cc.buf);
	const double eps = FLT_EPSILON;
	for (size_t i = 0; i < c->m; i++) {
		for (size_t j = 0; j < c->n; j++) {
			double dot = 0, mag = 0;
			for (size_t l = 0; c->alpha != 0.0 && l < c->k; l++) {
				double x = c->op_a == TXF_OP_N ? get(&a, i, l) : get(&a, l, i);
				double y = c->op_b == TXF_OP_N ? get(&b, l, j) : get(&b, j, l);
				dot += x * y;
				mag += fabs(x * y);
			}
			const double c0 = c->beta != 0.0 ? get(&cc, i, j) : 0.0;
			const double ref = c->alpha * dot + c->beta * c0;
			double bound = 3.0 * (double)(c->k + 2) * eps * fabs(c->alpha) * mag +
			               4.0 * eps * fabs(c->beta) * fabs(c0) + eps * 1e-3;
			if (c->ct != TXF_F32)
				bound += unit16(c->ct) * fabs(ref) + tiny16(c->ct);
			const double v = get_in(&cc, got, i, j);
			if (!(fabs(v - ref) <= bound)) {
				free(got);
				fail_msg("%s: C(%zu, %zu) = %.9g, reference %.9g, bound %.3g", what,
				         i, j, v, ref, bound);
			}
			memcpy(got + byte_at(&cc, i, j), cc.image + byte_at(&cc, i, j), cc.elem);
		}
	}
	if (memcmp(got, cc.image, cc.buf.bytes + 2 * GUARD_BYTES) != 0) {
		free(got);
		fail_msg("%s: C's buffer overwritten outside the view", what);
	}
	free(got);
	test_assert_image(&a.buf, a.image, a.elem, "A after the product");
	test_assert_image(&b.buf, b.image, b.elem, "B after the product");
	if (ws)
		clReleaseMemObject(ws);
	if (parent)
		clReleaseMemObject(parent);
	operand_free(&a);
	operand_free(&b);
	operand_free(&cc);
}

static mcase make_case(size_t m, size_t n, size_t k, txf_dtype t, unsigned v)
{
	static const size_t pads[] = {0, 3, 1, 0, 5, 2};
	static const size_t offs[] = {0, 1, 0, 5, 3, 2};
	static const double alphas[] = {1.0, -0.5, 3.0};
	static const double betas[] = {0.0, 1.0, -2.0, 0.5};
	static const txf_strategy sts[] = {TXF_STRATEGY_AUTO, TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,
	                                   TXF_STRATEGY_PADCOPY, TXF_STRATEGY_SPLIT};
	mcase c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.n = n;
	c.k = k;
	c.t = t;
	c.ct = (v / 2) % 2 ? t : TXF_F32;
	c.op_a = v & 1 ? TXF_OP_T : TXF_OP_N;
	c.op_b = (v >> 2) & 1 ? TXF_OP_T : TXF_OP_N;
	c.la = (v >> 3) & 1 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	c.lb = (v / 5) & 1 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	c.lc = (v / 3) & 1 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	c.pad_a = pads[v % 6];
	c.pad_b = pads[(v / 2 + 1) % 6];
	c.pad_c = pads[(v / 3 + 2) % 6];
	c.off_a = offs[(v / 4) % 6];
	c.off_b = offs[(v + 3) % 6];
	c.off_c = offs[(v / 5 + 1) % 6];
	c.alpha = alphas[v % 3];
	c.beta = betas[(v / 7) % 4];
	c.strategy = sts[(v / 2) % COUNT(sts)];
	c.workspace = (v / 11) % 2;
	c.sub = (v / 3) % 2;
	return c;
}

static const struct {
	size_t m, n, k;
} shapes[] = {
    {1, 1, 1},  {1, 37, 5},  {29, 1, 17}, {16, 16, 16}, {33, 47, 65}, {64, 32, 8},
    {5, 90, 3}, {70, 6, 40}, {2, 3, 130}, {45, 45, 45}, {17, 64, 31}, {100, 81, 23},
};

/* Many cases of every kind; round 2 and on scale C only (k = 0, or
 * alpha = 0 with the operands never read). */
static void products(txf_dtype t)
{
	unsigned v = t == TXF_BF16 ? 5 : 0;
	for (int round = 0; round < 3; round++) {
		for (size_t i = 0; i < COUNT(shapes); i++, v++) {
			mcase c = make_case(shapes[i].m, shapes[i].n, shapes[i].k, t, v);
			if (round == 2) {
				c.k = i % 2 ? 0 : c.k;
				c.alpha = i % 2 ? c.alpha : 0.0;
				c.beta = c.beta == 0.0 ? 2.0 : c.beta;
			}
			run_case(&c);
		}
	}
}

static void products_f16(void **state)
{
	(void)state;
	products(TXF_F16);
}

static void products_bf16(void **state)
{
	(void)state;
	products(TXF_BF16);
}

/* C = alpha A B with A = [a] (1 x 1) and B every 16-bit pattern (1 x 65536):
 * C(0, j) = alpha a B(0, j), computed exactly in f32 for a = 1 and 3; with
 * the options o (NULL: auto). */
static void every_value(txf_dtype t, txf_dtype ct, double a_value, const txf_matmul_options *o)
{
	const size_t n = 65536;
	operand a = operand_new(t, 1, 1, TXF_ROW_MAJOR, 0, 0);
	operand b = operand_new(t, 1, n, TXF_ROW_MAJOR, 0, 3);
	operand c = operand_new(ct, 1, n, TXF_ROW_MAJOR, 0, 1);
	set(&a, 0, 0, a_value);
	for (size_t j = 0; j < n; j++)
		put_bits(&b, 0, j, (uint16_t)j);
	upload(&a);
	upload(&b);
	upload(&c);
	cl_event ev = NULL;
	txf_status s =
	    txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a.m, &b.m, 0.0, &c.m, o, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("%s x %s: %s (%s)", txf_dtype_name(t), txf_dtype_name(ct),
		         txf_status_name(s), txf_last_error());
	test_wait(ev);
	unsigned char *got = test_buffer_download_all(&c.buf);
	for (size_t j = 0; j < n; j++) {
		const double x = value16(t, (uint16_t)j), v = get_in(&c, got, 0, j);
		/* The exact product, rounded to C's type (past the f32 range, an
		 * infinity). */
		const double want = ct == TXF_F32 ? (double)(float)(a_value * x)
		                                  : value16(ct, bits16(ct, a_value * x));
		if (isnan(want) ? !isnan(v) : v != want) {
			free(got);
			fail_msg("%s pattern 0x%04zx times %g into %s: %.9g, expected %.9g",
			         txf_dtype_name(t), j, a_value, txf_dtype_name(ct), v, want);
		}
		memcpy(got + byte_at(&c, 0, j), c.image + byte_at(&c, 0, j), c.elem);
	}
	if (memcmp(got, c.image, c.buf.bytes + 2 * GUARD_BYTES) != 0) {
		free(got);
		fail_msg("C's buffer overwritten outside the view");
	}
	free(got);
	operand_free(&a);
	operand_free(&b);
	operand_free(&c);
}

/* Widening is exact for every pattern, NaN and infinities included. */
static void widen_every_value(void **state)
{
	(void)state;
	every_value(TXF_F16, TXF_F32, 1.0, NULL);
	every_value(TXF_BF16, TXF_F32, 1.0, NULL);
}

/* Narrowing rounds to nearest, ties to even: three times each pattern needs
 * up to two more bits, into subnormals and past the largest finite value. */
static void narrow_every_value(void **state)
{
	(void)state;
	every_value(TXF_F16, TXF_F16, 3.0, NULL);
	every_value(TXF_BF16, TXF_BF16, 3.0, NULL);
	every_value(TXF_F16, TXF_F16, 1.0, NULL);
	every_value(TXF_BF16, TXF_BF16, 1.0, NULL);
}

/* The host conversions the references use agree with the type's known
 * values. */
static void host_conversions(void **state)
{
	(void)state;
	assert_true(f16_value(0x3c00) == 1.0 && f16_value(0x7bff) == 65504.0);
	assert_true(f16_value(0x0001) == ldexp(1.0, -24) && f16_value(0xfc00) == -INFINITY);
	assert_int_equal(f16_bits(1.0 + ldexp(1.0, -11)), 0x3c00); /* tie to even */
	assert_int_equal(f16_bits(1.0 + 3 * ldexp(1.0, -11)), 0x3c02);
	assert_int_equal(f16_bits(65519.0), 0x7bff);
	assert_int_equal(f16_bits(65520.0), 0x7c00);
	assert_int_equal(f16_bits(ldexp(1.0, -25)), 0x0000); /* tie to even zero */
	assert_int_equal(f16_bits(ldexp(3.0, -25)), 0x0002);
	assert_true(bf16_value(0x3f80) == 1.0 && bf16_value(0xff80) == -INFINITY);
	assert_int_equal(bf16_bits(1.0f + 0x1.0p-8f), 0x3f80);
	assert_int_equal(bf16_bits(1.0f + 0x3.0p-8f), 0x3f82);
	assert_int_equal(bf16_bits(FLT_MAX), 0x7f80);
	for (uint32_t h = 0; h < 65536; h++) {
		const double x = f16_value((uint16_t)h);
		if (!isnan(x) && f16_bits(x) != h && !(x == 0.0 && (h & 0x7fff) == 0))
			fail_msg("f16 0x%04x does not round to itself", (unsigned)h);
	}
}

/* The choice says what happens; workspace sizes; bad inputs are refused
 * with C as it was. */
static void explain_and_refusals(void **state)
{
	(void)state;
	txf_matmul_choice f32c, f16c;
	assert_int_equal(txf_matmul_explain(test_ctx, 64, 48, 40, TXF_F32, NULL, &f32c),
	                 TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(test_ctx, 64, 48, 40, TXF_F16, NULL, &f16c),
	                 TXF_SUCCESS);
	/* On 16-bit matrix units (NVIDIA sm_80 and later) auto takes padcopy's
	 * pair packs; elsewhere A and B are widened by two launches. */
	const bool units = test_mparam(&f16c, "mma") >= 2;
	if (units) {
		assert_int_equal(f16c.strategy, TXF_STRATEGY_PADCOPY);
		assert_non_null(strstr(f16c.why, "f16 operands packed in pairs along k"));
	} else {
		assert_non_null(strstr(f16c.why, "f16 operands widened to f32"));
		assert_int_equal(f16c.launches, f32c.launches + 2);
	}
	assert_int_equal(txf_matmul_explain(test_ctx, 64, 48, 40, TXF_BF16, NULL, &f16c),
	                 TXF_SUCCESS);
	assert_non_null(strstr(f16c.why, units ? "bf16 operands packed" : "bf16 operands widened"));
	/* Padcopy's packs read 16-bit operands: both packs always, no widening
	 * (the f32 count leaves B's pack out where the blocks divide N and K;
	 * with the blocked kernel it counts one pack, B's panels). */
	txf_matmul_options pc;
	txf_matmul_options_default(&pc);
	pc.strategy = TXF_STRATEGY_PADCOPY;
	static const size_t pshapes[][3] = {{64, 48, 40}, {128, 128, 512}, {100, 64, 256}};
	for (size_t i = 0; i < COUNT(pshapes); i++) {
		const size_t *d = pshapes[i];
		assert_int_equal(
		    txf_matmul_explain(test_ctx, d[0], d[1], d[2], TXF_F32, &pc, &f32c),
		    TXF_SUCCESS);
		assert_int_equal(
		    txf_matmul_explain(test_ctx, d[0], d[1], d[2], TXF_F16, &pc, &f16c),
		    TXF_SUCCESS);
		assert_non_null(strstr(f16c.why, units ? "f16 operands packed in pairs along k by "
		                                         "padcopy's packs"
		                                       : "f16 operands widened to f32 (exact) by "
		                                         "padcopy's packs"));
		const long long nwg = test_mparam(&f32c, "nwg"), kwg = test_mparam(&f32c, "kwg");
		const bool panels =
		    test_mparam(&f32c, "mdimc") * test_mparam(&f32c, "ndimc") == 1 &&
		    test_mparam(&f32c, "kvec") <= 1;
		const unsigned b_skipped = d[1] % (size_t)nwg == 0 && d[2] % (size_t)kwg == 0;
		assert_int_equal(f16c.launches, f32c.launches + (panels ? 1 : b_skipped));
	}
	size_t bytes = 0;
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 64, 48, 40, TXF_BF16, NULL, &bytes),
	                 TXF_SUCCESS);
	assert_true(bytes >= (64 * 40 + 40 * 48 + 64 * 48) * 4);
	/* Nothing to do, nothing needed; K = 0 scales a 16-bit C in f32. */
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 0, 48, 40, TXF_F16, NULL, &bytes),
	                 TXF_SUCCESS);
	assert_int_equal(bytes, 0);
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 64, 48, 0, TXF_F16, NULL, &bytes),
	                 TXF_SUCCESS);
	assert_true(bytes >= 64 * 48 * 4);
	assert_int_equal(txf_matmul_explain(test_ctx, 4, 4, 4, TXF_I16, NULL, &f16c),
	                 TXF_ERR_BAD_DTYPE);

	operand a = operand_new(TXF_F16, 8, 8, TXF_ROW_MAJOR, 0, 0);
	operand b16 = operand_new(TXF_BF16, 8, 8, TXF_ROW_MAJOR, 0, 0);
	operand b = operand_new(TXF_F16, 8, 8, TXF_ROW_MAJOR, 0, 0);
	operand c64 = operand_new(TXF_F64, 8, 8, TXF_ROW_MAJOR, 0, 0);
	operand cb = operand_new(TXF_BF16, 8, 8, TXF_ROW_MAJOR, 0, 0);
	operand c = operand_new(TXF_F16, 8, 8, TXF_ROW_MAJOR, 0, 0);
	const struct {
		operand *a, *b, *c;
		txf_status want;
	} bad[] = {
	    {&a, &b16, &c, TXF_ERR_DTYPE_MISMATCH},
	    {&a, &b, &c64, TXF_ERR_DTYPE_MISMATCH},
	    {&a, &b, &cb, TXF_ERR_DTYPE_MISMATCH},
	};
	for (size_t i = 0; i < COUNT(bad); i++) {
		txf_status s = txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &bad[i].a->m,
		                          &bad[i].b->m, 0.0, &bad[i].c->m, NULL, 0, NULL, NULL);
		assert_int_equal(s, bad[i].want);
		assert_true(strlen(txf_last_error()) > 0);
		test_assert_image(&bad[i].c->buf, bad[i].c->image, bad[i].c->elem, "refused C");
	}
	/* A workspace too small for the widened operands, or one that is A. */
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	cl_int err;
	cl_mem small =
	    clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE, 64, NULL, &err);
	assert_non_null(small);
	o.workspace = small;
	assert_int_equal(
	    txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a.m, &b.m, 0.0, &c.m, &o, 0, NULL, NULL),
	    TXF_ERR_WORKSPACE_TOO_SMALL);
	test_assert_image(&c.buf, c.image, c.elem, "C after a small workspace");
	o.workspace = a.buf.mem;
	txf_status s =
	    txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a.m, &b.m, 0.0, &c.m, &o, 0, NULL, NULL);
	assert_true(s == TXF_ERR_OVERLAP || s == TXF_ERR_WORKSPACE_TOO_SMALL);
	test_assert_image(&c.buf, c.image, c.elem, "C after a workspace that is A");
	test_assert_image(&a.buf, a.image, a.elem, "A used as the workspace");
	clReleaseMemObject(small);
	operand_free(&a);
	operand_free(&b16);
	operand_free(&b);
	operand_free(&c64);
	operand_free(&cb);
	operand_free(&c);
}

/* Padcopy on the 16-bit matrix units (mma 4 with precision tf32 or
 * 3xtf32): its packs store A and B in pairs along k, and the product runs
 * mma.sync m16n8k16, on a device other than NVIDIA's dressed as an sm_90
 * one and computed there by the kernels' OpenCL C form of the instruction.
 * Odd K (the last pair half zero), one K step and more steps than stages,
 * every op and layout, offsets, K slices, a 16-bit C and caller's
 * workspaces; the choice says so. Runs last: it dresses the context. */
static void pairs_on_matrix_units(void **state)
{
	(void)state;
	if (test_ctx->profile.vendor != TXF_VENDOR_NVIDIA) {
		test_ctx->profile.vendor = TXF_VENDOR_NVIDIA;
		test_ctx->profile.kind = TXF_DEVICE_GPU;
		test_ctx->profile.local_mem_size = 48 * 1024;
		test_ctx->profile.max_work_group_size = 1024;
		test_ctx->profile.nv_compute_capability = 90;
	}
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_PADCOPY;
	test_mopt(&o, "precision", 3);
	txf_matmul_choice f32c, f16c;
	static const size_t eshapes[][3] = {{4096, 4096, 4096}, {1000, 700, 333}, {128, 128, 64}};
	for (size_t i = 0; i < COUNT(eshapes); i++) {
		const size_t *d = eshapes[i];
		assert_int_equal(txf_matmul_explain(test_ctx, d[0], d[1], d[2], TXF_F32, &o, &f32c),
		                 TXF_SUCCESS);
		assert_int_equal(
		    txf_matmul_explain(test_ctx, d[0], d[1], d[2], TXF_BF16, &o, &f16c),
		    TXF_SUCCESS);
		if (!strstr(f16c.why, "bf16 operands packed in pairs along k by padcopy's packs "
		                      "for the bf16 matrix units (mma.sync m16n8k16"))
			fail_msg("why: %s", f16c.why);
		assert_int_equal(test_mparam(&f16c, "mma"), 4);
		const long long nwg = test_mparam(&f32c, "nwg"), kwg = test_mparam(&f32c, "kwg");
		const unsigned b_skipped = d[1] % (size_t)nwg == 0 && d[2] % (size_t)kwg == 0;
		assert_int_equal(f16c.launches, f32c.launches + b_skipped);
	}
	/* Exact f32 products widen, as everywhere. */
	test_mopt(&o, "precision", 1);
	assert_int_equal(txf_matmul_explain(test_ctx, 4096, 4096, 4096, TXF_F16, &o, &f16c),
	                 TXF_SUCCESS);
	assert_non_null(strstr(f16c.why, "widened to f32"));

	static const struct {
		size_t m, n, k;
		unsigned units, ksplit;
	} runs[] = {
	    {1, 1, 1, 3, 0},      {130, 77, 37, 3, 0}, {128, 128, 16, 3, 0}, {64, 200, 33, 2, 0},
	    {129, 65, 200, 3, 0}, {5, 300, 2, 3, 0},   {70, 150, 141, 3, 2}, {256, 131, 17, 2, 0},
	};
	/* Every 16-bit pattern, NaN, infinities and subnormals included, times
	 * 1 and 3 through the units: exact products into an f32 C. */
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_PADCOPY;
	test_mopt(&o, "precision", 3);
	test_mopt(&o, "mma", 4);
	every_value(TXF_F16, TXF_F32, 1.0, &o);
	every_value(TXF_BF16, TXF_F32, 1.0, &o);
	every_value(TXF_F16, TXF_F32, 3.0, &o);
	every_value(TXF_BF16, TXF_F32, 3.0, &o);
	static const txf_dtype types[] = {TXF_F16, TXF_BF16};
	for (size_t ti = 0; ti < COUNT(types); ti++)
		for (size_t i = 0; i < COUNT(runs); i++) {
			mcase c = make_case(runs[i].m, runs[i].n, runs[i].k, types[ti],
			                    (unsigned)(i * 3 + ti * 7));
			c.strategy = TXF_STRATEGY_PADCOPY;
			c.units = runs[i].units;
			c.ksplit = runs[i].ksplit;
			run_case(&c);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(host_conversions),      cmocka_unit_test(widen_every_value),
	    cmocka_unit_test(narrow_every_value),    cmocka_unit_test(explain_and_refusals),
	    cmocka_unit_test(products_f16),          cmocka_unit_test(products_bf16),
	    cmocka_unit_test(pairs_on_matrix_units),
	};
	return cmocka_run_group_tests_name("matmul16", tests, test_context_setup,
	                                   test_context_teardown);
}
