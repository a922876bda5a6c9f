/* Matrix multiply: C = alpha op(A) op(B) + beta C for every strategy and
 * parameter set, op combination, layout, leading dimension and offset, on
 * shapes around the block edges and on the listed odd and large shapes, in
 * float32 and float64, against a host reference on fresh random inputs.
 *
 * Inputs are uniform in [-1, 1]. Every element of A's and B's buffers
 * outside their views is NaN, so a read outside a view poisons the result;
 * C's buffer outside its view and every guard band hold the poison byte and
 * must be unchanged afterwards. With beta = 0, C holds NaN and infinities
 * (it must not be read); with alpha = 0, A and B hold only NaN. Each element
 * of C must satisfy
 *   |C - C_ref| <= 3 (K + 2) eps |alpha| (|op(A)| |op(B)|)_ij
 *                  + 4 eps |beta| |C0_ij| + floor
 * with the reference in double (float32) or long double (float64). */
#include "common.h"
#include "txf_internal.h" /* txf__pool_created */

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A set of the matmul kernel parameters as the tests write them (0: left
 * to the library), set by name on the options (mparams_put) and read back
 * by name from a choice (mparams_of). */
typedef struct mparams {
	unsigned mwg, nwg, kwg;
	unsigned mdimc, ndimc;
	unsigned vwa, vwb;
	unsigned ksplit;
	unsigned lbuf, wmap;
	unsigned kgroups;
	unsigned raster;
	unsigned kvec;
} mparams;

static const struct {
	const char *name;
	size_t at;
} mparam_fields[] = {
    {"mwg", offsetof(mparams, mwg)},         {"nwg", offsetof(mparams, nwg)},
    {"kwg", offsetof(mparams, kwg)},         {"mdimc", offsetof(mparams, mdimc)},
    {"ndimc", offsetof(mparams, ndimc)},     {"vwa", offsetof(mparams, vwa)},
    {"vwb", offsetof(mparams, vwb)},         {"ksplit", offsetof(mparams, ksplit)},
    {"lbuf", offsetof(mparams, lbuf)},       {"wmap", offsetof(mparams, wmap)},
    {"kgroups", offsetof(mparams, kgroups)}, {"raster", offsetof(mparams, raster)},
    {"kvec", offsetof(mparams, kvec)},
};

static unsigned mparam_get(const mparams *p, size_t i)
{
	unsigned v;
	memcpy(&v, (const unsigned char *)p + mparam_fields[i].at, sizeof v);
	return v;
}

static void mparam_set(mparams *p, size_t i, unsigned v)
{
	memcpy((unsigned char *)p + mparam_fields[i].at, &v, sizeof v);
}

/* Set every parameter of p on o by name (0 too: left to the library). */
static void mparams_put(txf_matmul_options *o, const mparams *p)
{
	for (size_t i = 0; i < COUNT(mparam_fields); i++)
		test_mopt(o, mparam_fields[i].name, mparam_get(p, i));
}

/* The parameters a choice reports. */
static mparams mparams_of(const txf_matmul_choice *ch)
{
	mparams p;
	for (size_t i = 0; i < COUNT(mparam_fields); i++) {
		const long long v = test_mparam(ch, mparam_fields[i].name);
		if (v < 0 || v > 0xffffffffLL)
			fail_msg("the choice's %s is %lld", mparam_fields[i].name, v);
		mparam_set(&p, i, (unsigned)v);
	}
	return p;
}

/* The parameters the options fix (0 for those they leave open). */
static mparams mparams_forced(const txf_matmul_options *o)
{
	mparams p;
	memset(&p, 0, sizeof p);
	for (unsigned j = 0; j < o->num_params && j < TXF_MAX_PARAMS; j++)
		for (size_t i = 0; i < COUNT(mparam_fields); i++)
			if (strcmp(o->params[j].name, mparam_fields[i].name) == 0)
				mparam_set(&p, i, (unsigned)o->params[j].value);
	return p;
}

/* The largest value the registry accepts for matmul parameter `name`. */
static long long mparam_max(const char *name)
{
	for (size_t i = 0; txf_param_at(i); i++) {
		const txf_param_info *in = txf_param_at(i);
		if (strcmp(in->operation, "matmul") == 0 && strcmp(in->name, name) == 0)
			return in->max;
	}
	fail_msg("txf_param_at lists no matmul parameter %s", name);
	return 0;
}

static const txf_strategy strategies[] = {TXF_STRATEGY_SIMPLE,   TXF_STRATEGY_PAD,
                                          TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_SPLIT,
                                          TXF_STRATEGY_PADCOPY,  TXF_STRATEGY_AUTO};

/* The parameter sets. "small": square 16 x 16 blocks, K steps of 8, 4 x 4
 * work-items, scalar loads; used for the wide sweeps. "vector": blocks of
 * 32 x 16, 8 x 4 work-items with 4 x 4 registers each, vector loads of 2 (A)
 * and 4 (B). All zero: the device's own choice. */
static const mparams small_params = {16, 16, 8, 4, 4, 1, 1, 0, 0, 0, 0, 0, 0};
static const mparams vector_params = {32, 16, 8, 8, 4, 2, 4, 0, 0, 0, 0, 0, 0};
static const mparams device_params = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
/* "layout": 32 x 32 blocks, 4 x 8 work-items laid in one tile of 4 x 8
 * (wmap 2), two local buffers (lbuf 2); A's tile (not transposed) and B's
 * (transposed) go into local memory with the swizzled columns. */
static const mparams layout_params = {32, 32, 8, 4, 8, 2, 4, 0, 2, 2, 0, 0, 0};
/* "groups": 32 x 16 blocks, three K groups of 4 x 4 work-items, each with
 * two local buffers. */
static const mparams groups_params = {32, 16, 8, 4, 4, 2, 4, 0, 2, 1, 3, 0, 0};
/* "kvec": the blocked kernel summing along K in vectors of 8, blocks of 16
 * x 4 in register tiles of 4 rows by 2 columns, K panels of 16. */
static const mparams kvec_params = {16, 4, 16, 1, 1, 4, 2, 0, 0, 0, 0, 0, 8};

static const double scalars[] = {0.0, 1.0, -0.5, 3.14};

/* ------------------------------------------------------------ helpers */

static bool params_zero(const mparams *p)
{
	return !(p->mwg || p->nwg || p->kwg || p->mdimc || p->ndimc || p->vwa || p->vwb ||
	         p->ksplit || p->lbuf || p->wmap || p->kgroups || p->kvec);
}

/* Whether a resolved choice a has the forced parameters b (b's ksplit 0:
 * any count of K slices; b's lbuf or wmap 0: 1 or 2, as the choice settles
 * them; b's kgroups 0: the entry's). */
static bool params_equal(const mparams *a, const mparams *b)
{
	return a->mwg == b->mwg && a->nwg == b->nwg && a->kwg == b->kwg && a->mdimc == b->mdimc &&
	       a->ndimc == b->ndimc && a->vwa == b->vwa && a->vwb == b->vwb &&
	       (b->ksplit ? a->ksplit == b->ksplit : a->ksplit >= 1) &&
	       (b->lbuf ? a->lbuf == b->lbuf : a->lbuf == 1 || a->lbuf == 2) &&
	       (b->wmap ? a->wmap == b->wmap : a->wmap == 1 || a->wmap == 2) &&
	       (b->kgroups ? a->kgroups == b->kgroups : a->kgroups >= 1) &&
	       (b->kvec ? a->kvec == b->kvec : a->kvec >= 1);
}

static size_t round_up(size_t x, size_t m)
{
	return m ? (x + m - 1) / m * m : x;
}

static double uniform(void)
{
	return (double)(test_rng_next() >> 11) * 0x1p-52 - 1.0;
}

static double dabs(double x)
{
	return x < 0 ? -x : x;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	while (nanosleep(&ts, &ts) != 0)
		;
}

static cl_int event_status(cl_event ev)
{
	cl_int st = -1;
	if (clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) !=
	    CL_SUCCESS)
		return -1000;
	return st;
}

static txf_matmul_options mm_opts(txf_strategy s, const mparams *p)
{
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = s;
	if (p)
		mparams_put(&o, p);
	return o;
}

static bool has_fp64(void)
{
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(test_ctx, &prof), TXF_SUCCESS);
	return prof.has_fp64 != 0;
}

/* The parameters a run with `p` uses for dtype t (p itself when forced). */
static mparams resolved(const mparams *p, txf_dtype t)
{
	txf_matmul_options o =
	    mm_opts(p && p->ksplit > 1 ? TXF_STRATEGY_PAD : TXF_STRATEGY_SIMPLE, p);
	txf_matmul_choice ch;
	txf_status s = txf_matmul_explain(test_ctx, 64, 64, 64, t, &o, &ch);
	if (s != TXF_SUCCESS)
		fail_msg("explain for the parameters: %s (%s)", txf_status_name(s),
		         txf_last_error());
	return mparams_of(&ch);
}

/* ----------------------------------------------------------- operands */

/* A matrix in a test buffer with a host image of the whole buffer. */
typedef struct operand {
	test_buffer buf;
	unsigned char *image; /* the whole buffer, guards included */
	txf_matrix m;
	size_t off, elem; /* view offset in elements from the usable start */
} operand;

/* An operand rows x cols of type t, leading dimension the smallest valid one
 * plus pad, offset off, and `tail` spare elements after the view. The usable
 * region holds NaN (an input) or the poison byte (gap_poison: an output);
 * the caller fills the view's elements. */
static operand operand_new(txf_dtype t, size_t rows, size_t cols, txf_layout l, size_t pad,
                           size_t off, size_t tail, bool gap_poison)
{
	operand o;
	o.elem = txf_dtype_size(t);
	o.off = off;
	size_t ld = (l == TXF_COL_MAJOR ? rows : cols) + pad;
	if (ld == 0)
		ld = 1;
	size_t span = test_view_span(t, rows, cols, ld, off, l) + tail * o.elem;
	o.buf = test_buffer_new(span);
	o.image = test_image_poisoned(&o.buf);
	if (!gap_poison) {
		for (size_t i = 0; i < span / o.elem; i++) {
			unsigned char *p = o.image + GUARD_BYTES + i * o.elem;
			if (t == TXF_F64) {
				double v = NAN;
				memcpy(p, &v, sizeof v);
			} else {
				float v = NAN;
				memcpy(p, &v, sizeof v);
			}
		}
	}
	o.m = test_view(&o.buf, t, rows, cols, ld, off, l);
	return o;
}

static void operand_free(operand *o)
{
	free(o->image);
	o->image = NULL;
	test_buffer_free(&o->buf);
}

static unsigned char *at(const operand *o, size_t i, size_t j)
{
	return o->image + GUARD_BYTES + test_index(o->m.layout, o->m.ld, o->off, i, j) * o->elem;
}

static double get(const operand *o, size_t i, size_t j)
{
	if (o->elem == 8) {
		double v;
		memcpy(&v, at(o, i, j), sizeof v);
		return v;
	}
	float v;
	memcpy(&v, at(o, i, j), sizeof v);
	return v;
}

static void set(operand *o, size_t i, size_t j, double v)
{
	if (o->elem == 8) {
		memcpy(at(o, i, j), &v, sizeof v);
	} else {
		float f = (float)v;
		memcpy(at(o, i, j), &f, sizeof f);
	}
}

/* Element (i, j) of a host image of the same buffer. */
static double get_from(const operand *o, const unsigned char *image, size_t i, size_t j)
{
	const unsigned char *p = image + (at(o, i, j) - o->image);
	if (o->elem == 8) {
		double v;
		memcpy(&v, p, sizeof v);
		return v;
	}
	float v;
	memcpy(&v, p, sizeof v);
	return v;
}

static void fill_view_random(operand *o)
{
	for (size_t i = 0; i < o->m.rows; i++)
		for (size_t j = 0; j < o->m.cols; j++)
			set(o, i, j, uniform());
}

static void fill_view_value(operand *o, double v)
{
	for (size_t i = 0; i < o->m.rows; i++)
		for (size_t j = 0; j < o->m.cols; j++)
			set(o, i, j, v);
}

/* NaN, +Inf and -Inf in turn: what C holds when beta = 0. */
static void fill_view_specials(operand *o)
{
	static const double v[3] = {NAN, INFINITY, -INFINITY};
	for (size_t i = 0; i < o->m.rows; i++)
		for (size_t j = 0; j < o->m.cols; j++)
			set(o, i, j, v[(i * 7 + j) % 3]);
}

static void upload(operand *o)
{
	if (o->buf.bytes)
		test_buffer_upload(&o->buf, 0, o->image + GUARD_BYTES, o->buf.bytes);
}

/* --------------------------------------------------------------- cases */

typedef struct mcase {
	size_t m, n, k;
	txf_dtype dtype;
	txf_op op_a, op_b;
	txf_layout la, lb, lc;
	size_t pad_a, pad_b, pad_c; /* ld beyond the smallest valid one */
	size_t off_a, off_b, off_c; /* offsets, elements (before rounding to align) */
	double alpha, beta;
	unsigned align; /* ld and offsets rounded up to multiples of this (0: none) */
} mcase;

static const char *lname(txf_layout l)
{
	return l == TXF_COL_MAJOR ? "col" : "row";
}

static void describe(const mcase *c, const char *strategy, const mparams *p, char *buf, size_t n)
{
	snprintf(buf, n,
	         "%s %s params %u,%u,%u,%u,%u,%u,%u; %zu x %zu x %zu %c%c alpha %g beta %g; A %s "
	         "+%zu @%zu, B %s +%zu @%zu, C %s +%zu @%zu%s",
	         strategy, txf_dtype_name(c->dtype), p->mwg, p->nwg, p->kwg, p->mdimc, p->ndimc,
	         p->vwa, p->vwb, c->m, c->n, c->k, c->op_a == TXF_OP_T ? 'T' : 'N',
	         c->op_b == TXF_OP_T ? 'T' : 'N', c->alpha, c->beta, lname(c->la), c->pad_a,
	         c->off_a, lname(c->lb), c->pad_b, c->off_b, lname(c->lc), c->pad_c, c->off_c,
	         c->align > 1 ? " aligned" : "");
}

/* A case of the sweeps: variant v picks the op combination and the three
 * layouts (v mod 32 runs through all 32), leading-dimension padding,
 * offsets, alpha (never 0: that skips the product) and beta. */
static mcase make_case(size_t m, size_t n, size_t k, txf_dtype t, unsigned v, unsigned align)
{
	static const size_t pads[] = {0, 3, 1, 0, 5, 2, 0, 7};
	static const size_t offs[] = {0, 1, 0, 5, 3, 0, 2, 9};
	static const double alphas[] = {1.0, -0.5, 3.14};
	mcase c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.n = n;
	c.k = k;
	c.dtype = t;
	c.op_a = (v & 1) ? TXF_OP_T : TXF_OP_N;
	c.op_b = (v & 2) ? TXF_OP_T : TXF_OP_N;
	c.la = (v & 4) ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	c.lb = (v & 8) ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	c.lc = (v & 16) ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
	c.pad_a = pads[(v + 1) % 8];
	c.pad_b = pads[(v / 3 + 2) % 8];
	c.pad_c = pads[(v / 5 + 5) % 8];
	c.off_a = offs[(v / 2) % 8];
	c.off_b = offs[(v / 7 + 3) % 8];
	c.off_c = offs[(v + 6) % 8];
	c.alpha = alphas[v % 3];
	c.beta = scalars[(v / 3) % 4];
	c.align = align;
	return c;
}

/* The inputs of a case, its reference and its error bound. */
typedef struct prepared {
	operand a, b, c;
	unsigned char *c_image; /* C's buffer before the call */
	double *ref;            /* m x n, row-major */
	double *bound;
} prepared;

static size_t min_ld(txf_layout l, size_t rows, size_t cols)
{
	return l == TXF_COL_MAJOR ? rows : cols;
}

/* Padding that makes the leading dimension a multiple of align. */
static size_t aligned_pad(txf_layout l, size_t rows, size_t cols, size_t pad, unsigned align)
{
	if (align <= 1)
		return pad;
	size_t ld = min_ld(l, rows, cols) + pad;
	return round_up(ld ? ld : 1, align) - min_ld(l, rows, cols);
}

static void prepare(const mcase *c, prepared *p)
{
	const size_t ar = c->op_a == TXF_OP_N ? c->m : c->k, ac = c->op_a == TXF_OP_N ? c->k : c->m;
	const size_t br = c->op_b == TXF_OP_N ? c->k : c->n, bc = c->op_b == TXF_OP_N ? c->n : c->k;
	const unsigned al = c->align;
	p->a = operand_new(c->dtype, ar, ac, c->la, aligned_pad(c->la, ar, ac, c->pad_a, al),
	                   round_up(c->off_a, al), 64, false);
	p->b = operand_new(c->dtype, br, bc, c->lb, aligned_pad(c->lb, br, bc, c->pad_b, al),
	                   round_up(c->off_b, al), 64, false);
	p->c =
	    operand_new(c->dtype, c->m, c->n, c->lc, aligned_pad(c->lc, c->m, c->n, c->pad_c, al),
	                round_up(c->off_c, al), 3, true);
	if (c->alpha == 0.0) {
		/* Not read at all: NaN everywhere. */
		fill_view_value(&p->a, NAN);
		fill_view_value(&p->b, NAN);
	} else {
		fill_view_random(&p->a);
		fill_view_random(&p->b);
	}
	if (c->beta == 0.0)
		fill_view_specials(&p->c);
	else
		fill_view_random(&p->c);
	upload(&p->a);
	upload(&p->b);
	upload(&p->c);
	p->c_image = malloc(p->c.buf.bytes + 2 * GUARD_BYTES);
	assert_non_null(p->c_image);
	memcpy(p->c_image, p->c.image, p->c.buf.bytes + 2 * GUARD_BYTES);

	/* Reference: op(A) row by row and op(B) column by column, packed. */
	const size_t m = c->m, n = c->n, k = c->k;
	p->ref = calloc(m * n + 1, sizeof *p->ref);
	p->bound = calloc(m * n + 1, sizeof *p->bound);
	assert_non_null(p->ref);
	assert_non_null(p->bound);
	const bool product = c->alpha != 0.0 && k > 0 && m > 0 && n > 0;
	double *ap = NULL, *bt = NULL;
	if (product) {
		ap = malloc(m * k * sizeof *ap);
		bt = malloc(n * k * sizeof *bt);
		assert_non_null(ap);
		assert_non_null(bt);
		for (size_t i = 0; i < m; i++)
			for (size_t l = 0; l < k; l++)
				ap[i * k + l] =
				    c->op_a == TXF_OP_N ? get(&p->a, i, l) : get(&p->a, l, i);
		for (size_t j = 0; j < n; j++)
			for (size_t l = 0; l < k; l++)
				bt[j * k + l] =
				    c->op_b == TXF_OP_N ? get(&p->b, l, j) : get(&p->b, j, l);
	}
	const bool f64 = c->dtype == TXF_F64;
	const double eps = f64 ? DBL_EPSILON : FLT_EPSILON;
	const double tiny = eps * 1e-3; /* the floor of the bound */
	for (size_t i = 0; i < m; i++) {
		for (size_t j = 0; j < n; j++) {
			double dot = 0, mag = 0;
			if (product) {
				const double *x = ap + i * k, *y = bt + j * k;
				if (f64) {
					long double s = 0, t = 0;
					for (size_t l = 0; l < k; l++) {
						s += (long double)x[l] * y[l];
						t += dabs(x[l] * y[l]);
					}
					dot = (double)s;
					mag = (double)t;
				} else {
					double s = 0, t = 0;
					for (size_t l = 0; l < k; l++) {
						s += x[l] * y[l];
						t += dabs(x[l] * y[l]);
					}
					dot = s;
					mag = t;
				}
			}
			const double c0 = c->beta != 0.0 ? get(&p->c, i, j) : 0.0;
			p->ref[i * n + j] = (product ? c->alpha * dot : 0.0) + c->beta * c0;
			p->bound[i * n + j] = 3.0 * (double)(k + 2) * eps * dabs(c->alpha) * mag +
			                      4.0 * eps * dabs(c->beta) * dabs(c0) + tiny;
		}
	}
	free(ap);
	free(bt);
}

static void prepared_free(prepared *p)
{
	operand_free(&p->a);
	operand_free(&p->b);
	operand_free(&p->c);
	free(p->c_image);
	free(p->ref);
	free(p->bound);
}

/* C's buffer after a successful run: every element of the view within its
 * bound of the reference, every other byte (guards, gaps, offset) as
 * before. */
static void check_result(const mcase *c, prepared *p, const char *what)
{
	const size_t total = p->c.buf.bytes + 2 * GUARD_BYTES;
	unsigned char *got = test_buffer_download_all(&p->c.buf);
	for (size_t i = 0; i < c->m; i++) {
		for (size_t j = 0; j < c->n; j++) {
			double v = get_from(&p->c, got, i, j), r = p->ref[i * c->n + j];
			double b = p->bound[i * c->n + j];
			if (!(dabs(v - r) <= b)) {
				free(got);
				fail_msg("%s: C(%zu, %zu) = %.17g, reference %.17g, error %.3g > "
				         "bound %.3g",
				         what, i, j, v, r, dabs(v - r), b);
			}
			/* Blank the element so that the rest compares bytewise. */
			memcpy(got + (at(&p->c, i, j) - p->c.image),
			       p->c_image + (at(&p->c, i, j) - p->c.image), p->c.elem);
		}
	}
	if (memcmp(got, p->c_image, total) != 0) {
		size_t first = 0;
		while (got[first] == p->c_image[first])
			first++;
		free(got);
		if (first < GUARD_BYTES || first >= total - GUARD_BYTES)
			fail_msg("%s: guard band of C overwritten at byte %zu", what, first);
		fail_msg("%s: C's buffer outside the view overwritten at element %zu", what,
		         (first - GUARD_BYTES) / p->c.elem);
	}
	free(got);
}

/* Launches a strategy runs for a row-major m x n x k product with blocks
 * mwg x nwg x kwg, neither operand transposed: SPLIT one per non-empty part
 * (the main block, its K remainder, the bottom band, the right band),
 * PADCOPY two to four (pack A; pack B unless the blocks divide N and K; the
 * product, into C; the sum of K slices; with the blocked kernel B's panels,
 * the product and the sum), PAD with K slices two (product,
 * sum), the others one. */
static unsigned expected_launches(txf_strategy s, size_t m, size_t n, size_t k, const mparams *p)
{
	if (m == 0 || n == 0)
		return 0;
	if (k == 0)
		return 1;
	if (s == TXF_STRATEGY_PADCOPY && p->mdimc * p->ndimc == 1 && p->kvec <= 1)
		return 2 + (p->ksplit > 1); /* B's panels, the product, the sum */
	if (s == TXF_STRATEGY_PADCOPY)
		return 2 + (n % p->nwg != 0 || k % p->kwg != 0) + (p->ksplit > 1);
	if (s == TXF_STRATEGY_PAD && p->ksplit > 1)
		return 2;
	if (s != TXF_STRATEGY_SPLIT)
		return 1;
	const bool main_m = m >= p->mwg, main_n = n >= p->nwg;
	unsigned l = 0;
	l += main_m && main_n && k >= p->kwg;     /* even kernel on the main block */
	l += main_m && main_n && k % p->kwg != 0; /* its K remainder */
	l += m % p->mwg != 0;                     /* bottom band */
	l += n % p->nwg != 0 && main_m;           /* right band */
	return l;
}

/* What explain reports for the case: the forced choices, a resolved
 * strategy, and for a row-major C (explain has no layouts) the launch count
 * of the strategy. Returns the resolved choice. */
static txf_matmul_choice check_explain(const mcase *c, const txf_matmul_options *o, txf_status want,
                                       const char *what)
{
	txf_matmul_choice ch;
	txf_status s = txf_matmul_explain(test_ctx, c->m, c->n, c->k, c->dtype, o, &ch);
	if (s != want)
		fail_msg("%s: explain returned %s, expected %s (%s)", what, txf_status_name(s),
		         txf_status_name(want), txf_last_error());
	if (s != TXF_SUCCESS)
		return ch;
	if (o->strategy != TXF_STRATEGY_AUTO) {
		if (ch.strategy != o->strategy || ch.strategy_source != TXF_SOURCE_FORCED)
			fail_msg("%s: explain reports strategy %s (source %d)", what,
			         txf_strategy_name(ch.strategy), (int)ch.strategy_source);
	} else if (ch.strategy == TXF_STRATEGY_AUTO ||
	           (unsigned)ch.strategy >= TXF_STRATEGY_COUNT) {
		fail_msg("%s: explain left the strategy unresolved (%d)", what, (int)ch.strategy);
	}
	const mparams forced = mparams_forced(o), got = mparams_of(&ch);
	if (!params_zero(&forced)) {
		if (!params_equal(&got, &forced) || ch.params_source != TXF_SOURCE_FORCED)
			fail_msg("%s: explain reports other parameters (source %d)", what,
			         (int)ch.params_source);
	} else if (ch.params_source == TXF_SOURCE_FORCED || !got.mwg || !got.nwg || !got.kwg ||
	           !got.mdimc || !got.ndimc || !got.vwa || !got.vwb) {
		fail_msg("%s: explain reports unresolved or forced parameters", what);
	}
	if (c->lc == TXF_ROW_MAJOR) {
		unsigned l = expected_launches(ch.strategy, c->m, c->n, c->k, &got);
		if (ch.launches != l)
			fail_msg("%s: explain reports %u launches for %s, expected %u", what,
			         ch.launches, txf_strategy_name(ch.strategy), l);
	}
	if (ch.why[0] == '\0' || ch.entry[0] == '\0')
		fail_msg("%s: explain gives no reason or entry", what);
	return ch;
}

/* Whether TRUNCATE may refuse: C (in its storage order) smaller than one
 * block. 1: it must run; 0: it must refuse; -1: either (nothing to
 * multiply, so it may run the scaling of C anyway). */
static int truncate_runs(const mcase *c, const mparams *p)
{
	if (c->m == 0 || c->n == 0)
		return 1;
	const size_t sm = c->lc == TXF_ROW_MAJOR ? c->m : c->n;
	const size_t sn = c->lc == TXF_ROW_MAJOR ? c->n : c->m;
	if (sm >= p->mwg && sn >= p->nwg)
		return 1;
	return c->k == 0 || c->alpha == 0.0 ? -1 : 0;
}

/* Run one strategy on prepared inputs and check everything. */
static void run_prepared(const mcase *c, prepared *p, txf_strategy st, const mparams *params,
                         cl_mem workspace)
{
	char what[400];
	describe(c, txf_strategy_name(st), params, what, sizeof what);
	txf_matmul_options o = mm_opts(st, params);
	o.workspace = workspace;
	/* Explain refuses TRUNCATE only when no orientation of C holds a block.
	 * Blocks the caller left open shrink to fit a small C instead. */
	mparams rp = resolved(params, c->dtype);
	bool explain_refuses =
	    st == TXF_STRATEGY_TRUNCATE && c->m && c->n &&
	    !((c->m >= rp.mwg && c->n >= rp.nwg) || (c->n >= rp.mwg && c->m >= rp.nwg));
	if (explain_refuses && (!params || params_zero(params))) {
		txf_matmul_choice sh;
		txf_status es = txf_matmul_explain(test_ctx, c->m, c->n, c->k, c->dtype, &o, &sh);
		if (es == TXF_SUCCESS) {
			const mparams shp = mparams_of(&sh);
			if (shp.mwg > rp.mwg || shp.nwg > rp.nwg ||
			    !((c->m >= shp.mwg && c->n >= shp.nwg) ||
			      (c->n >= shp.mwg && c->m >= shp.nwg)) ||
			    !strstr(sh.why, "reduced"))
				fail_msg("%s: truncate's blocks %u x %u (from %u x %u) do not fit, "
				         "or the reason does not say so: %s",
				         what, shp.mwg, shp.nwg, rp.mwg, rp.nwg, sh.why);
			rp = shp;
			explain_refuses = false;
		} else if (c->m >= 2 && c->n >= 2) {
			/* Only a C of one row or column has no block to shrink to. */
			fail_msg("%s: truncate refused with blocks left open (%s)", what,
			         txf_last_error());
		}
	}
	txf_matmul_choice ch = check_explain(
	    c, &o, explain_refuses ? TXF_ERR_STRATEGY_NOT_APPLICABLE : TXF_SUCCESS, what);
	int runs = 1;
	if (explain_refuses || ch.strategy == TXF_STRATEGY_TRUNCATE)
		runs = truncate_runs(c, &rp);

	upload(&p->c);
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, c->op_a, c->op_b, c->alpha, &p->a.m, &p->b.m, c->beta,
	                          &p->c.m, &o, 0, NULL, &ev);
	if (s == TXF_SUCCESS && runs != 0) {
		test_wait(ev);
		check_result(c, p, what);
	} else if (s == TXF_ERR_STRATEGY_NOT_APPLICABLE && runs != 1) {
		if (txf_last_error()[0] == '\0')
			fail_msg("%s: no message for %s", what, txf_status_name(s));
		test_assert_image(&p->c.buf, p->c_image, p->c.elem, what);
	} else {
		if (s == TXF_SUCCESS)
			test_wait(ev);
		fail_msg("%s: txf_matmul returned %s (%s), expected %s", what, txf_status_name(s),
		         txf_last_error(),
		         runs ? "TXF_SUCCESS" : "TXF_ERR_STRATEGY_NOT_APPLICABLE");
	}
}

/* Every strategy in `sts` on one case's inputs, then A and B unchanged. */
static void run_case(const mcase *c, const mparams *params, const txf_strategy *sts, size_t ns)
{
	prepared p;
	prepare(c, &p);
	for (size_t i = 0; i < ns; i++)
		run_prepared(c, &p, sts[i], params, NULL);
	test_assert_image(&p.a.buf, p.a.image, p.a.elem, "A after the runs");
	test_assert_image(&p.b.buf, p.b.image, p.b.elem, "B after the runs");
	prepared_free(&p);
}

/* ---------------------------------------------------------------- sweeps */

typedef struct shape {
	size_t m, n, k;
} shape;

/* Shapes of every sweep: one element, a row and a column of C, skinny and
 * fat products, primes, a medium uneven size and the zero-sized ones. */
static const shape common_shapes[] = {
    {1, 1, 1},    {1, 40, 1},    {40, 1, 40}, {3, 200, 50}, {200, 3, 50}, {50, 50, 300},
    {37, 53, 29}, {130, 70, 50}, {5, 7, 0},   {0, 5, 7},    {5, 0, 7},    {0, 0, 0},
};

/* Every strategy on the common shapes and on T-1, T and T+1 in each of M,
 * N and K (T the block of that dimension): with `grid`, all 64 combinations
 * of T-1, T, T+1 and 2T+1 in the three; without, one dimension at a time,
 * the others at T+3. The variant runs on through the cases, so that every
 * strategy meets every op combination and layout. */
static void sweep(txf_dtype t, const mparams *params, bool grid, unsigned align, unsigned v0)
{
	const mparams p = resolved(params, t);
	const size_t T[3] = {p.mwg, p.nwg, p.kwg};
	unsigned v = v0;
	for (size_t i = 0; i < COUNT(common_shapes); i++) {
		const shape *s = &common_shapes[i];
		mcase c = make_case(s->m, s->n, s->k, t, v++, align);
		run_case(&c, params, strategies, COUNT(strategies));
	}
	if (grid) {
		for (int a = 0; a < 64; a++) {
			size_t d[3];
			for (int j = 0; j < 3; j++) {
				const int sel = (a >> (2 * j)) & 3;
				d[j] = sel == 3 ? 2 * T[j] + 1 : T[j] - 1 + (size_t)sel;
			}
			mcase c = make_case(d[0], d[1], d[2], t, v++, align);
			run_case(&c, params, strategies, COUNT(strategies));
		}
		return;
	}
	for (int dim = 0; dim < 3; dim++) {
		for (size_t e = T[dim] - 1; e <= T[dim] + 1; e++) {
			size_t d[3] = {T[0] + 3, T[1] + 3, T[2] + 3};
			d[dim] = e;
			mcase c = make_case(d[0], d[1], d[2], t, v++, align);
			run_case(&c, params, strategies, COUNT(strategies));
		}
	}
}

static void test_sweep_small_f32(void **state)
{
	(void)state;
	sweep(TXF_F32, &small_params, true, 0, 0);
}

static void test_sweep_small_f64(void **state)
{
	(void)state;
	if (!has_fp64()) {
		skip();
		return;
	}
	sweep(TXF_F64, &small_params, false, 0, 5);
}

/* The device's parameters use vector loads: leading dimensions and offsets
 * are kept multiples of 4 so that the loads stay as wide as chosen (other
 * alignments are in test_vector_fallback). */
static void test_sweep_device_f32(void **state)
{
	(void)state;
	sweep(TXF_F32, &device_params, false, 4, 3);
}

static void test_sweep_device_f64(void **state)
{
	(void)state;
	if (!has_fp64()) {
		skip();
		return;
	}
	sweep(TXF_F64, &device_params, false, 4, 11);
}

static void test_sweep_vector_f32(void **state)
{
	(void)state;
	sweep(TXF_F32, &vector_params, false, 4, 7);
	/* The widest loads: 16-element vectors of A and B (float16). */
	static const mparams wide = {64, 64, 16, 8, 8, 16, 16, 0, 0, 0, 0, 0, 0};
	for (unsigned v = 0; v < 4; v++) {
		mcase c = make_case(150, 90, 70, TXF_F32, 43 + v, 4);
		run_case(&c, &wide, strategies, COUNT(strategies));
	}
}

static void test_sweep_layout_f32(void **state)
{
	(void)state;
	sweep(TXF_F32, &layout_params, false, 4, 13);
	/* Each of lbuf and wmap alone, on the same shapes. */
	mparams p = layout_params;
	p.wmap = 1;
	sweep(TXF_F32, &p, false, 4, 29);
	p = layout_params;
	p.lbuf = 1;
	sweep(TXF_F32, &p, false, 4, 31);
	/* The NVIDIA entry's set for large products (K steps of 32, one
	 * buffer) and the same blocks with two buffers of K steps of 16, on
	 * shapes a few of their 256 x 128 blocks cover (both orders of C
	 * through the cases). */
	static const mparams big[] = {{256, 128, 32, 16, 16, 4, 4, 0, 1, 2, 0, 0, 0},
	                              {256, 128, 16, 16, 16, 4, 4, 0, 2, 2, 0, 0, 0}};
	for (unsigned v = 0; v < 4; v++) {
		mcase c = make_case(300, 260, v < 2 ? 40 : 70, TXF_F32, 41 + v, 4);
		run_case(&c, &big[v % 2], strategies, COUNT(strategies));
	}
}

/* The fused multiply-adds' cp.async stages (lbuf 3 and 4), on shapes that
 * end inside blocks and K steps: each op of A and B with 16-byte copies
 * (operands aligned; pad and padcopy, whose packs are the layout the
 * NVIDIA entry runs the stages with), element copies with zeros past the
 * matrix (unaligned; every strategy), both work-item maps, 8 x 8 sums per
 * work-item (as the entry's 128 x 128 set holds them), f64. Each program is
 * a slow build on POCL: the cases are few. */
static void test_sweep_staged(void **state)
{
	(void)state;
	static const txf_strategy two[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_PADCOPY};
	static const mparams staged = {32, 32, 8, 4, 8, 2, 4, 0, 3, 2, 0, 0, 0};
	for (unsigned v = 0; v < 4; v++) {
		mcase c = make_case(70 - 9 * v, 45 + 20 * v, 37 + 8 * v, TXF_F32, 61 + v, 4);
		run_case(&c, &staged, two, COUNT(two));
	}
	mparams p = staged;
	p.lbuf = 4;
	p.wmap = 1;
	p.kwg = 4;
	p.vwa = 1;
	mcase c = make_case(45, 33, 30, TXF_F32, 66, 0);
	run_case(&c, &p, strategies, COUNT(strategies));
	c = make_case(1, 1, 1, TXF_F32, 64, 0);
	run_case(&c, &p, two, COUNT(two));
	static const mparams wide = {64, 64, 8, 8, 8, 2, 2, 0, 3, 1, 0, 0, 0};
	c = make_case(150, 130, 70, TXF_F32, 40, 4);
	run_case(&c, &wide, two, COUNT(two));
	/* The NVIDIA entry's 64 x 64 set of 64 work-items, packed, in K
	 * slices (its K steps end inside a slice and the last one short),
	 * each op of A and B. */
	mparams sliced = wide;
	sliced.ksplit = 3;
	for (unsigned v = 0; v < 4; v++) {
		c = make_case(131 + 7 * v, 70 - 3 * v, 93 + 5 * v, TXF_F32, 80 + v, 4);
		run_case(&c, &sliced, &two[1], 1);
	}
	/* Blocks of 96 rows or columns, as the NVIDIA entry's sets between
	 * 128 x 128 and 128 x 64 run them: register tiles of 6 x 8, 8 x 6
	 * and 6 x 6 sums per work-item, through the stages with single
	 * elements along the 96 (vwa or vwb 1) and unstaged in K steps of
	 * 16; C and K end inside blocks and steps, each op of A and B. */
	static const mparams six[] = {
	    {48, 64, 8, 8, 8, 1, 2, 0, 3, 1, 0, 0, 0},  {64, 48, 8, 8, 8, 2, 1, 0, 3, 1, 0, 0, 0},
	    {48, 48, 8, 8, 8, 1, 1, 0, 3, 1, 0, 0, 0},  {48, 64, 16, 8, 8, 2, 2, 0, 0, 0, 0, 0, 0},
	    {64, 48, 16, 8, 8, 2, 2, 0, 0, 0, 0, 0, 0}, {48, 48, 16, 8, 8, 2, 2, 0, 0, 0, 0, 0, 0}};
	for (unsigned v = 0; v < COUNT(six); v++) {
		c = make_case(101 + 6 * v, 97 - 5 * v, 45 + 4 * v, TXF_F32, 71 + v, 4);
		run_case(&c, &six[v], two, COUNT(two));
	}
	if (has_fp64()) {
		static const mparams f64 = {32, 16, 8, 8, 4, 2, 2, 0, 4, 1, 0, 0, 0};
		c = make_case(37, 29, 41, TXF_F64, 69, 0);
		run_case(&c, &f64, two, COUNT(two));
		c = make_case(64, 48, 24, TXF_F64, 70, 4);
		run_case(&c, &f64, two, COUNT(two));
	}
}

static void test_sweep_layout_f64(void **state)
{
	(void)state;
	if (!has_fp64()) {
		skip();
		return;
	}
	sweep(TXF_F64, &layout_params, false, 4, 17);
}

/* K groups: each strategy with a tiled kernel on the common shapes and the
 * block edges (K of 0 and 1 leave groups without K steps), with two to four
 * groups, with K slices (pad, padcopy), and f64. */
static void test_sweep_kgroups(void **state)
{
	(void)state;
	sweep(TXF_F32, &groups_params, false, 4, 37);
	static const txf_strategy sliced[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_PADCOPY};
	for (unsigned g = 2; g <= 4; g++) {
		mparams p = layout_params;
		p.kgroups = g;
		mcase c = make_case(70, 45, 8 * g + 3, TXF_F32, 50 + g, 4);
		run_case(&c, &p, strategies, COUNT(strategies));
		p.ksplit = 2;
		c = make_case(45, 70, 150, TXF_F32, 53 + g, 4);
		run_case(&c, &p, sliced, COUNT(sliced));
	}
	mparams p = small_params;
	p.kgroups = 2;
	mcase c = make_case(37, 29, 41, TXF_F64, 3, 4);
	run_case(&c, &p, strategies, COUNT(strategies));
}

/* A refused product with kvec forced with other parameters: the status, a
 * message naming what is wrong, and C as it was. */
static void refuse_kvec(const mparams *p, unsigned dot, const char *says)
{
	mcase c = make_case(40, 3, 100, TXF_F32, 9, 0);
	prepared pr;
	prepare(&c, &pr);
	txf_matmul_options o = mm_opts(TXF_STRATEGY_PAD, p);
	if (dot)
		test_mopt(&o, "dot", dot);
	upload(&pr.c);
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &pr.a.m, &pr.b.m, c.beta,
	                          &pr.c.m, &o, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		test_wait(ev);
	if (s != TXF_ERR_BAD_TILE || !strstr(txf_last_error(), says))
		fail_msg("kvec %u (%u x %u work-items, tiles %u x %u, dot %u): %s (%s), expected "
		         "bad tile (%s)",
		         p->kvec, p->mdimc, p->ndimc, p->vwa, p->vwb, dot, txf_status_name(s),
		         txf_last_error(), says);
	test_assert_image(&pr.c.buf, pr.c_image, pr.c.elem, "C after a refused kvec");
	prepared_free(&pr);
}

/* The blocked kernel summing along K (kvec): every strategy on the common
 * shapes and on every combination of one less, one more and twice plus one
 * of its 16 x 4 x 16 blocks (K tails of 1 to 7 past the vectors of 8, K in
 * one to three panels), every op and layout; f64; 2, 4 and 16 lanes with
 * larger blocks, K slices and panels cut by the slices. With the blocks left
 * open the device's cost model gives them (where it has sets for kvec).
 * Refused: the tiled kernels, the reduction kernel, register tiles of more
 * than 32 sums, lanes the registry does not take. */
static void test_sweep_kvec(void **state)
{
	(void)state;
	sweep(TXF_F32, &kvec_params, true, 0, 71);
	if (has_fp64())
		sweep(TXF_F64, &kvec_params, false, 0, 13);
	static const struct {
		size_t m, n, k;
		unsigned kvec, mwg, nwg, kwg, vwa, vwb, ksplit;
	} cases[] = {{70, 3, 300, 16, 32, 4, 64, 4, 4, 0}, {33, 1, 129, 4, 8, 1, 32, 8, 1, 0},
	             {9, 8, 1000, 2, 8, 8, 16, 2, 4, 3},   {130, 2, 517, 16, 64, 2, 128, 8, 2, 2},
	             {5, 17, 250, 8, 8, 16, 64, 2, 8, 0},  {64, 8, 64, 16, 64, 8, 64, 4, 4, 1},
	             {1, 1, 4099, 16, 1, 1, 512, 1, 1, 5}};
	static const txf_strategy sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT, TXF_STRATEGY_AUTO};
	for (size_t i = 0; i < COUNT(cases); i++) {
		mparams p;
		memset(&p, 0, sizeof p);
		p.mwg = cases[i].mwg;
		p.nwg = cases[i].nwg;
		p.kwg = cases[i].kwg;
		p.mdimc = p.ndimc = 1;
		p.vwa = cases[i].vwa;
		p.vwb = cases[i].vwb;
		p.kvec = cases[i].kvec;
		p.ksplit = cases[i].ksplit;
		mcase c =
		    make_case(cases[i].m, cases[i].n, cases[i].k, TXF_F32, 90 + (unsigned)i, 0);
		/* (K slices: pad only.) */
		run_case(&c, &p, sts, p.ksplit > 1 ? 1 : COUNT(sts));
	}
	/* kvec alone: the cost model's blocks for it (pad and auto). */
	const txf_strategy open_sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_AUTO};
	for (size_t j = 0; j < COUNT(open_sts); j++) {
		txf_matmul_options o;
		txf_matmul_options_default(&o);
		o.strategy = open_sts[j];
		test_mopt(&o, "kvec", 16);
		txf_matmul_choice ch;
		assert_int_equal(txf_matmul_explain(test_ctx, 500, 2, 700, TXF_F32, &o, &ch),
		                 TXF_SUCCESS);
		assert_int_equal(test_mparam(&ch, "kvec"), 16);
		assert_int_equal(test_mparam(&ch, "mdimc"), 1);
		assert_int_equal(test_mparam(&ch, "ndimc"), 1);
		assert_int_equal(ch.params_source, TXF_SOURCE_FORCED);
		mcase c = make_case(500, 2, 700, TXF_F32, 40 + (unsigned)j, 0);
		prepared pr;
		prepare(&c, &pr);
		upload(&pr.c);
		cl_event ev = NULL;
		txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &pr.a.m, &pr.b.m,
		                          c.beta, &pr.c.m, &o, 0, NULL, &ev);
		if (s != TXF_SUCCESS)
			fail_msg("kvec 16 alone, %s: %s (%s)", txf_strategy_name(open_sts[j]),
			         txf_status_name(s), txf_last_error());
		test_wait(ev);
		check_result(&c, &pr, "kvec 16 alone");
		test_assert_image(&pr.a.buf, pr.a.image, pr.a.elem, "A after kvec");
		test_assert_image(&pr.b.buf, pr.b.image, pr.b.elem, "B after kvec");
		prepared_free(&pr);
	}
	/* POCL's entry: kvec for a C of one column over a deep K, not for a
	 * square product. */
	txf_matmul_choice ch;
	assert_int_equal(txf_matmul_explain(test_ctx, 2000, 1, 2000, TXF_F32, NULL, &ch),
	                 TXF_SUCCESS);
	if (strcmp(ch.entry, "pocl-cpu") == 0) {
		if (test_mparam(&ch, "kvec") < 2 || test_mparam(&ch, "nwg") > 8)
			fail_msg("2000 x 1 x 2000 on POCL: kvec %lld, blocks %lld x %lld (%s)",
			         test_mparam(&ch, "kvec"), test_mparam(&ch, "mwg"),
			         test_mparam(&ch, "nwg"), ch.why);
		assert_int_equal(txf_matmul_explain(test_ctx, 300, 300, 300, TXF_F32, NULL, &ch),
		                 TXF_SUCCESS);
		assert_int_equal(test_mparam(&ch, "kvec"), 1);
	}
	mparams bad = kvec_params;
	bad.mdimc = bad.ndimc = 4;
	refuse_kvec(&bad, 0, "takes the blocked kernel");
	bad = kvec_params;
	bad.vwa = 8;
	bad.vwb = 8;
	bad.mwg = 16;
	bad.nwg = 8;
	refuse_kvec(&bad, 0, "at most 32 sums");
	bad = kvec_params;
	bad.vwb = 8;
	refuse_kvec(&bad, 0, "must divide mwg 16 and nwg 4");
	refuse_kvec(&kvec_params, 16, "no dot");
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	assert_int_equal(txf_matmul_options_set(&o, "kvec", 3), TXF_ERR_BAD_PARAM);
	assert_non_null(strstr(txf_last_error(), "not a power of two"));
	assert_int_equal(txf_matmul_options_set(&o, "kvec", 32), TXF_ERR_BAD_PARAM);
	assert_int_equal(mparam_max("kvec"), 16);
}

/* Leading dimensions and offsets that are not multiples of the vector
 * widths: the vector loads read rows that start off their width (vloadn needs
 * only element alignment), the results do not change. op(A) = A^T and
 * op(B) = B, all row-major, so that PADCOPY's product shares the program. */
static void test_vector_fallback(void **state)
{
	(void)state;
	const mparams *sets[] = {&vector_params, &device_params, &layout_params};
	for (size_t i = 0; i < COUNT(sets); i++) {
		mcase c = make_case(130, 70, 50, TXF_F32, 1, 0);
		c.pad_a = 1 + i; /* ld 131, 132, 133: A's loads 1, 2, 1 wide */
		c.off_a = 2 * i;
		c.off_b = 1; /* B's loads 1 wide */
		c.beta = 1.0;
		run_case(&c, sets[i], strategies, COUNT(strategies));
	}
}

/* 999 x 666 x 777 with the device's parameters, every strategy; f64 with
 * the tiled strategies on the same shape would double the run time, so it
 * has the medium shapes of its sweep. */
static void test_large(void **state)
{
	(void)state;
	mcase c = make_case(999, 666, 777, TXF_F32, 6, 4);
	c.beta = -0.5;
	run_case(&c, &device_params, strategies, COUNT(strategies));
}

/* The blocked kernels' two ways of storing C (cl/matmul.cl C_STORE): each
 * band of rows as soon as it is summed where C fits the device's cache or K
 * is deep, the whole block at its end otherwise. The context's cache is set
 * to 64 KiB and to 1 TiB in turn so that both run on the same cases: rows
 * and columns around a register tile and a block, a K of one panel (short,
 * where the cache decides) and of several, beta 0 and not, C offset and
 * padded; every strategy; blocks of 32 x 32 x 16 (tiles of 8 x 16) and the
 * device's. */
static void test_blocked_stores(void **state)
{
	(void)state;
	static const mparams blocked = {32, 32, 16, 1, 1, 8, 8, 0, 0, 0, 0, 0, 0};
	static const shape shapes[] = {{1, 1, 1},    {7, 15, 3},   {9, 17, 5},
	                               {33, 31, 2},  {31, 33, 17}, {65, 40, 7},
	                               {40, 97, 40}, {130, 70, 3}, {200, 129, 300}};
	const cl_ulong cache = test_ctx->global_cache;
	const mparams *sets[] = {&blocked, &device_params};
	const txf_dtype types[] = {TXF_F32, TXF_F64};
	unsigned v = 0;
	for (size_t ti = 0; ti < COUNT(types); ti++) {
		if (types[ti] == TXF_F64 && !has_fp64())
			continue;
		for (size_t si = 0; si < COUNT(sets); si++) {
			for (size_t i = 0; i < COUNT(shapes); i++, v++) {
				/* Row-major C; A as stored or transposed, so that the
				 * case runs two programs per form. */
				mcase c = make_case(shapes[i].m, shapes[i].n, shapes[i].k,
				                    types[ti], (v % 2) | (v / 2 % 2) << 2, 0);
				c.beta = (v % 3) ? 0.0 : -0.5;
				c.off_c = 1 + v % 5;
				c.pad_c = v % 4;
				for (int small = 0; small < 2; small++) {
					test_ctx->global_cache =
					    small ? 64u << 10 : (cl_ulong)1 << 40;
					run_case(&c, sets[si], strategies, COUNT(strategies));
				}
				test_ctx->global_cache = cache;
			}
		}
	}
}

/* The tiled kernels' ways of storing C (cl/matmul.cl C_STORE, chosen by
 * lib/matmul.c c_store from C's row alignment and K): vectors where C's
 * rows start on 16 bytes; where they do not, through local memory up to a
 * K of 64, then elements with each work-item's columns one apart up to 192
 * (f32), then elements in runs. A K on each side of both limits, row-major
 * C with its offset and leading dimension on and off 16 bytes, beta 0 and
 * not, pad, split, padcopy (C written by matmul_clip) and pad with K
 * slices; work-item blocks of 4 columns one row apart (vector), in tiles of
 * 4 x 8 work-items with two local buffers (layout), and in three K groups
 * (groups). */
static void test_tiled_stores(void **state)
{
	(void)state;
	static const size_t ks[] = {63, 64, 65, 100, 192, 193};
	static const shape shapes[] = {{37, 45, 0}, {64, 48, 0}, {70, 33, 0}};
	static const txf_strategy sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT,
	                                   TXF_STRATEGY_PADCOPY};
	const mparams sets[] = {vector_params, layout_params, groups_params};
	const txf_dtype types[] = {TXF_F32, TXF_F64};
	unsigned v = 0;
	for (size_t ti = 0; ti < COUNT(types); ti++) {
		if (types[ti] == TXF_F64 && !has_fp64())
			continue;
		for (size_t si = 0; si < COUNT(sets); si++)
			for (size_t ki = 0; ki < COUNT(ks); ki++)
				for (size_t i = 0; i < COUNT(shapes); i++, v++) {
					mcase c = make_case(shapes[i].m, shapes[i].n, ks[ki],
					                    types[ti], v % 4, 0);
					c.lc = TXF_ROW_MAJOR;
					c.off_c = v % 3 == 0 ? 0 : 1 + v % 5;
					c.pad_c = v % 2 ? 4 : 1 + v % 3;
					c.beta = (v % 3) ? 0.0 : -0.5;
					run_case(&c, &sets[si], sts, COUNT(sts));
					mparams sliced = sets[si];
					sliced.ksplit = 2;
					static const txf_strategy pad[] = {TXF_STRATEGY_PAD};
					run_case(&c, &sliced, pad, 1);
				}
	}
}

/* alpha x beta over {0, 1, -0.5, 3.14}, crossed with the four op
 * combinations and the eight layout combinations, on one small uneven
 * shape; the strategy turns over with every case. */
static void test_alpha_beta(void **state)
{
	(void)state;
	unsigned n = 0;
	for (size_t ia = 0; ia < COUNT(scalars); ia++) {
		for (size_t ib = 0; ib < COUNT(scalars); ib++) {
			for (unsigned v = 0; v < 32; v++, n++) {
				mcase c = make_case(19, 21, 11, TXF_F32, v, 0);
				c.alpha = scalars[ia];
				c.beta = scalars[ib];
				txf_strategy st = strategies[(n + ia) % COUNT(strategies)];
				run_case(&c, &small_params, &st, 1);
			}
		}
	}
}

/* ---------------------------------------------------- specific behaviour */

/* K = 0 scales C by beta (beta = 0 clears C, NaN and all); M = 0 or N = 0
 * changes nothing and its event still completes, with and without an event
 * asked for. */
static void test_zero_sizes(void **state)
{
	(void)state;
	for (size_t b = 0; b < COUNT(scalars); b++) {
		for (size_t i = 0; i < COUNT(strategies); i++) {
			mcase c = make_case(33, 17, 0, TXF_F32, (unsigned)(b * 6 + i), 0);
			c.beta = scalars[b];
			run_case(&c, &small_params, &strategies[i], 1);
		}
	}
	static const shape empty[] = {{0, 9, 5}, {9, 0, 5}, {0, 0, 5}, {0, 9, 0}};
	for (size_t e = 0; e < COUNT(empty); e++) {
		prepared p;
		mcase c = make_case(empty[e].m, empty[e].n, empty[e].k, TXF_F32, 3, 0);
		c.off_c = 5;
		c.beta = 3.14;
		prepare(&c, &p);
		for (size_t i = 0; i < COUNT(strategies); i++) {
			char what[400];
			describe(&c, txf_strategy_name(strategies[i]), &small_params, what,
			         sizeof what);
			txf_matmul_options o = mm_opts(strategies[i], &small_params);
			cl_event ev = NULL;
			txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &p.a.m, &p.b.m,
			                          c.beta, &p.c.m, &o, 0, NULL, &ev);
			if (s != TXF_SUCCESS)
				fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
			test_wait(ev);
			s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &p.a.m, &p.b.m, c.beta,
			               &p.c.m, &o, 0, NULL, NULL);
			if (s != TXF_SUCCESS)
				fail_msg("%s, no event: %s (%s)", what, txf_status_name(s),
				         txf_last_error());
			assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
			test_assert_image(&p.c.buf, p.c_image, p.c.elem, what);
		}
		prepared_free(&p);
	}
}

/* beta = 0: C full of NaN and infinities is only written, whatever the
 * strategy and parameters; alpha = 0: A and B full of NaN are not read. */
static void test_special_values(void **state)
{
	(void)state;
	const mparams *sets[] = {&small_params, &vector_params, &device_params};
	for (size_t s = 0; s < COUNT(sets); s++) {
		mcase c = make_case(45, 38, 27, TXF_F32, (unsigned)s * 5, 4);
		c.beta = 0.0;
		run_case(&c, sets[s], strategies, COUNT(strategies));
		c.alpha = 0.0;
		c.beta = -0.5;
		run_case(&c, sets[s], strategies, COUNT(strategies));
	}
}

/* TRUNCATE on a C smaller than one block in its storage order refuses with
 * TXF_ERR_STRATEGY_NOT_APPLICABLE and leaves C alone; with C large enough
 * in its storage order it runs. */
static void test_truncate_small(void **state)
{
	(void)state;
	static const txf_strategy tr = TXF_STRATEGY_TRUNCATE;
	/* 15 rows or columns: under a 16 x 16 block either way. */
	static const shape small[] = {{15, 40, 9}, {40, 15, 9}, {15, 15, 20}, {1, 1, 1}};
	for (size_t i = 0; i < COUNT(small); i++) {
		for (unsigned lc = 0; lc < 2; lc++) {
			mcase c = make_case(small[i].m, small[i].n, small[i].k, TXF_F32,
			                    (unsigned)i + 16 * lc, 0);
			assert_int_equal(truncate_runs(&c, &small_params), 0);
			run_case(&c, &small_params, &tr, 1);
		}
	}
	/* 20 x 40 with 32 x 16 blocks: a row-major C has 20 rows, fewer than
	 * 32, and is refused; a column-major one is stored 40 x 20 and runs. */
	for (unsigned lc = 0; lc < 2; lc++) {
		mcase c = make_case(20, 40, 19, TXF_F32, 5 + 16 * lc, 0);
		assert_int_equal(truncate_runs(&c, &vector_params), (int)lc);
		run_case(&c, &vector_params, &tr, 1);
	}
}

/* TRUNCATE with the blocks left to the library on a C smaller than the
 * device's blocks: the blocks shrink until one fits C in either storage
 * order, explain says so, and the product is right; blocks the caller
 * forced are not changed (test_truncate_small). */
static void test_truncate_shrinks_open_blocks(void **state)
{
	(void)state;
	static const txf_strategy tr = TXF_STRATEGY_TRUNCATE;
	static const shape shapes[] = {{70, 66, 50}, {9, 300, 33}, {300, 9, 17}, {2, 2, 5},
	                               {2, 13, 3},   {13, 2, 5},   {3, 3, 3},    {1, 9, 3}};
	for (size_t i = 0; i < COUNT(shapes); i++) {
		for (unsigned lc = 0; lc < 2; lc++) {
			mcase c = make_case(shapes[i].m, shapes[i].n, shapes[i].k, TXF_F32,
			                    (unsigned)i + 16 * lc, 0);
			txf_matmul_options o = mm_opts(tr, &device_params);
			txf_matmul_choice ch;
			txf_status s =
			    txf_matmul_explain(test_ctx, c.m, c.n, c.k, c.dtype, &o, &ch);
			const size_t side = c.m < c.n ? c.m : c.n;
			if (side == 1) {
				/* A 1 x 1 block is no kernel's: refused, saying which
				 * blocks were tried, and C is left alone. */
				assert_int_equal(s, TXF_ERR_STRATEGY_NOT_APPLICABLE);
				if (!strstr(txf_last_error(), "to 1 x 1"))
					fail_msg("%zu x %zu: the refusal names no blocks: %s", c.m,
					         c.n, txf_last_error());
				run_case(&c, &device_params, &tr, 1);
				continue;
			}
			if (s != TXF_SUCCESS)
				fail_msg("%zu x %zu x %zu: %s (%s)", c.m, c.n, c.k,
				         txf_status_name(s), txf_last_error());
			const mparams chp = mparams_of(&ch);
			if (chp.mwg > side || chp.nwg > side)
				fail_msg("%zu x %zu: blocks %u x %u do not fit either way", c.m,
				         c.n, chp.mwg, chp.nwg);
			/* ch.why is this thread's until its next explain: keep it. */
			char why[512];
			snprintf(why, sizeof why, "%s", ch.why);
			mparams table = resolved(&device_params, c.dtype);
			if ((table.mwg > side || table.nwg > side) && !strstr(why, "reduced"))
				fail_msg("%zu x %zu: the reason does not say the blocks shrank: %s",
				         c.m, c.n, why);
			assert_int_equal(truncate_runs(&c, &chp), 1);
			run_case(&c, &device_params, &tr, 1);
		}
	}
}

/* SPLIT runs one to four launches depending on the remainders; explain
 * reports each count and every one of them computes the whole product. */
static void test_split_launches(void **state)
{
	(void)state;
	static const struct {
		shape s;
		unsigned launches;
	} cases[] = {
	    {{32, 32, 16}, 1}, /* main block only */
	    {{15, 40, 20}, 1}, /* bottom band only: no whole block */
	    {{32, 32, 20}, 2}, /* main + K remainder */
	    {{40, 32, 16}, 2}, /* main + bottom */
	    {{32, 40, 16}, 2}, /* main + right */
	    {{32, 32, 5}, 1},  /* K remainder only */
	    {{40, 40, 16}, 3}, /* main, bottom, right */
	    {{40, 32, 20}, 3}, /* main, K remainder, bottom */
	    {{40, 40, 20}, 4}, /* all four */
	    {{40, 40, 5}, 3},  /* K remainder, bottom, right */
	};
	const txf_strategy sp = TXF_STRATEGY_SPLIT;
	for (size_t i = 0; i < COUNT(cases); i++) {
		const shape *s = &cases[i].s;
		txf_matmul_options o = mm_opts(sp, &small_params);
		txf_matmul_choice ch;
		assert_int_equal(txf_matmul_explain(test_ctx, s->m, s->n, s->k, TXF_F32, &o, &ch),
		                 TXF_SUCCESS);
		if (ch.launches != cases[i].launches || ch.strategy != sp)
			fail_msg("split %zu x %zu x %zu: explain reports %u launches of %s, "
			         "expected %u",
			         s->m, s->n, s->k, ch.launches, txf_strategy_name(ch.strategy),
			         cases[i].launches);
		mcase c = make_case(s->m, s->n, s->k, TXF_F32, (unsigned)i * 3, 0);
		c.lc = TXF_ROW_MAJOR;
		run_case(&c, &small_params, &sp, 1);
	}
	/* PADCOPY on an uneven shape: pack A, pack B, the product into C;
	 * SPLIT four launches, the others one. */
	for (size_t i = 0; i < COUNT(strategies); i++) {
		txf_matmul_options o = mm_opts(strategies[i], &small_params);
		txf_matmul_choice ch;
		assert_int_equal(txf_matmul_explain(test_ctx, 40, 40, 20, TXF_F32, &o, &ch),
		                 TXF_SUCCESS);
		unsigned want = expected_launches(ch.strategy, 40, 40, 20, &small_params);
		if (strategies[i] == TXF_STRATEGY_SPLIT || strategies[i] == TXF_STRATEGY_PADCOPY)
			assert_int_equal(want, strategies[i] == TXF_STRATEGY_SPLIT ? 4 : 3);
		if (ch.launches != want)
			fail_msg("%s: %u launches, expected %u", txf_strategy_name(strategies[i]),
			         ch.launches, want);
		if (strategies[i] != TXF_STRATEGY_AUTO && ch.strategy != strategies[i])
			fail_msg("%s: explain reports %s", txf_strategy_name(strategies[i]),
			         txf_strategy_name(ch.strategy));
	}
}

/* A and B the same view (C = A A^T), and C in A's buffer beside A. */
static void test_shared_buffers(void **state)
{
	(void)state;
	const size_t m = 37, k = 23;
	for (size_t i = 0; i < COUNT(strategies); i++) {
		char what[64];
		snprintf(what, sizeof what, "%s, shared buffers", txf_strategy_name(strategies[i]));
		/* One buffer: A (m x k, row-major, ld k + 3), a gap, then C
		 * (m x m, column-major). */
		const size_t lda = k + 3, a_elems = (m - 1) * lda + k, c_off = a_elems + 5;
		test_buffer buf = test_buffer_new((c_off + m * m + 2) * 4);
		unsigned char *image = test_image_poisoned(&buf);
		txf_matrix a = test_view(&buf, TXF_F32, m, k, lda, 0, TXF_ROW_MAJOR);
		txf_matrix cm = test_view(&buf, TXF_F32, m, m, m, c_off, TXF_COL_MAJOR);
		float *img = (float *)(image + GUARD_BYTES);
		for (size_t r = 0; r < m; r++)
			for (size_t l = 0; l < k; l++)
				img[r * lda + l] = (float)uniform();
		for (size_t e = 0; e < m * m; e++)
			img[c_off + e] = (float)uniform();
		test_buffer_upload(&buf, 0, img, buf.bytes);
		txf_matmul_options o = mm_opts(strategies[i], &small_params);
		cl_event ev = NULL;
		txf_status s = txf_matmul(test_ctx, TXF_OP_N, TXF_OP_T, 1.0, &a, &a, 1.0, &cm, &o,
		                          0, NULL, &ev);
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
		test_wait(ev);
		unsigned char *got = test_buffer_download_all(&buf);
		const float *g = (const float *)(got + GUARD_BYTES);
		for (size_t r = 0; r < m; r++) {
			for (size_t q = 0; q < m; q++) {
				double dot = 0, mag = 0;
				for (size_t l = 0; l < k; l++) {
					double x = (double)img[r * lda + l] * img[q * lda + l];
					dot += x;
					mag += dabs(x);
				}
				double c0 = img[c_off + q * m + r], ref = dot + c0;
				double bound = 3.0 * (double)(k + 2) * FLT_EPSILON * mag +
				               4.0 * FLT_EPSILON * dabs(c0) + 1e-10;
				double v = g[c_off + q * m + r];
				if (!(dabs(v - ref) <= bound)) {
					free(got);
					fail_msg("%s: C(%zu, %zu) = %g, reference %g", what, r, q,
					         v, ref);
				}
			}
		}
		/* Everything but C as it was (A included). */
		memcpy(got + GUARD_BYTES + c_off * 4, image + GUARD_BYTES + c_off * 4, m * m * 4);
		bool same = memcmp(got, image, buf.bytes + 2 * GUARD_BYTES) == 0;
		free(got);
		if (!same)
			fail_msg("%s: A or the bytes around C changed", what);
		free(image);
		test_buffer_free(&buf);
	}
}

/* A sub-buffer of b from the aligned byte at or before element `at` of its
 * usable region to its end; *off is the element's offset in it. */
static cl_mem sub_buffer_at(test_buffer *b, size_t at, size_t *off)
{
	cl_uint bits = 0;
	assert_int_equal(clGetDeviceInfo(txf_context_device(test_ctx),
	                                 CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL),
	                 CL_SUCCESS);
	const size_t align = bits >= 8 ? bits / 8 : 1, start = GUARD_BYTES + at * 4;
	const size_t origin = start / align * align, total = b->bytes + 2 * GUARD_BYTES;
	cl_buffer_region r = {origin, total - origin};
	cl_int err;
	cl_mem m =
	    clCreateSubBuffer(b->mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	if (!m)
		fail_msg("clCreateSubBuffer(%zu, %zu): %d", origin, total - origin, (int)err);
	*off = (start - origin) / 4;
	return m;
}

/* A (m x k), B (k x n) and C (m x n), f32 row-major, in one buffer and
 * reached through sub-buffers of it whose origins lie off the operands' rows:
 * C sharing elements with A or B, through a sub-buffer or the parent, is
 * refused with nothing written; C in the gaps of A's rows (the same leading
 * dimension) or after both runs, C = A B + 0.5 C. */
static void test_sub_buffers(void **state)
{
	(void)state;
	const size_t m = 19, k = 7, n = 17, ld = k + n + 2;
	const size_t a_at = 30, b_at = a_at + m * ld + 40, c_after = b_at + k * n + 70;
	const size_t elems = c_after + m * ld + 8;
	test_buffer buf = test_buffer_new(elems * 4);
	unsigned char *image = test_image_poisoned(&buf);
	float *img = (float *)(image + GUARD_BYTES);
	for (size_t e = 0; e < elems; e++)
		img[e] = (float)uniform();
	test_buffer_upload(&buf, 0, img, buf.bytes);
	size_t a_off, b_off;
	cl_mem a_mem = sub_buffer_at(&buf, a_at, &a_off), b_mem = sub_buffer_at(&buf, b_at, &b_off);
	const txf_matrix a = {a_mem, a_off, m, k, ld, TXF_F32, TXF_ROW_MAJOR};
	const txf_matrix b = {b_mem, b_off, k, n, n, TXF_F32, TXF_ROW_MAJOR};
	const struct {
		const char *name;
		size_t at;   /* C's first element in the parent's usable region */
		int through; /* 0: the parent, 1: a sub-buffer of its own, 2: A's, 3: B's */
		txf_status want;
	} cases[] = {
	    {"C one column into A's rows, through a sub-buffer", a_at + k - 1, 1, TXF_ERR_OVERLAP},
	    {"C shifted by one element from A, in the parent", a_at + 1, 0, TXF_ERR_OVERLAP},
	    {"C over A's last row, through A's sub-buffer", a_at + (m - 1) * ld - 3, 2,
	     TXF_ERR_OVERLAP},
	    {"C over B's end, in the parent", b_at + k * n - 5, 0, TXF_ERR_OVERLAP},
	    {"C over B, through a sub-buffer", b_at + 2, 1, TXF_ERR_OVERLAP},
	    {"C in the gaps of A's rows, through a sub-buffer", a_at + k + 1, 1, TXF_SUCCESS},
	    {"C in the gaps of A's rows, in the parent", a_at + k + 2, 0, TXF_SUCCESS},
	    {"C after A and B, through B's sub-buffer", c_after, 3, TXF_SUCCESS},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		const char *what = cases[i].name;
		test_buffer_upload(&buf, 0, img, buf.bytes);
		txf_matrix c = {buf.mem,      cases[i].at + GUARD_BYTES / 4, m, n, ld, TXF_F32,
		                TXF_ROW_MAJOR};
		cl_mem own = NULL;
		if (cases[i].through == 1) {
			own = sub_buffer_at(&buf, cases[i].at, &c.offset);
			c.buffer = own;
		} else if (cases[i].through > 1) {
			const bool in_a = cases[i].through == 2;
			c.buffer = in_a ? a_mem : b_mem;
			c.offset = cases[i].at - (in_a ? a_at : b_at) + (in_a ? a_off : b_off);
		}
		for (size_t si = 0; si < COUNT(strategies); si++) {
			txf_matmul_options o = mm_opts(strategies[si], &small_params);
			cl_event ev = NULL;
			txf_status s = txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a, &b, 0.5,
			                          &c, &o, 0, NULL, &ev);
			if (s != cases[i].want)
				fail_msg("%s, %s: got %s (%s), expected %s", what,
				         txf_strategy_name(strategies[si]), txf_status_name(s),
				         txf_last_error(), txf_status_name(cases[i].want));
			unsigned char *want = malloc(buf.bytes + 2 * GUARD_BYTES);
			assert_non_null(want);
			memcpy(want, image, buf.bytes + 2 * GUARD_BYTES);
			if (s != TXF_SUCCESS) {
				assert_null(ev);
				if (!strstr(txf_last_error(), "overlaps"))
					fail_msg("%s: the message '%s' says nothing of overlap",
					         what, txf_last_error());
				assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
				test_assert_image(&buf, want, 4, what);
				free(want);
				continue;
			}
			test_wait(ev);
			unsigned char *got = test_buffer_download_all(&buf);
			const float *g = (const float *)(got + GUARD_BYTES);
			for (size_t r = 0; r < m; r++) {
				for (size_t q = 0; q < n; q++) {
					double dot = 0, mag = 0;
					for (size_t l = 0; l < k; l++) {
						double x = (double)img[a_at + r * ld + l] *
						           img[b_at + l * n + q];
						dot += x;
						mag += dabs(x);
					}
					const size_t e = cases[i].at + r * ld + q;
					double c0 = img[e], ref = dot + 0.5 * c0;
					double bound = 3.0 * (double)(k + 2) * FLT_EPSILON * mag +
					               4.0 * FLT_EPSILON * dabs(c0) + 1e-10;
					const double v = g[e];
					if (!(dabs(v - ref) <= bound))
						fail_msg("%s, %s: C(%zu, %zu) = %g, reference %g",
						         what, txf_strategy_name(strategies[si]), r,
						         q, v, ref);
					/* The rest compares bytewise. */
					memcpy(want + GUARD_BYTES + e * 4, &g[e], 4);
				}
			}
			free(got);
			test_assert_image(&buf, want, 4, what);
			free(want);
			/* The next strategy starts from the same C. */
			test_buffer_upload(&buf, 0, img, buf.bytes);
		}
		if (own)
			clReleaseMemObject(own);
	}
	clReleaseMemObject(a_mem);
	clReleaseMemObject(b_mem);
	free(image);
	test_buffer_free(&buf);
}

/* ------------------------------------------------------------ PADCOPY */

/* A caller's workspace as it may come: every byte 0xff (NaN), so that a
 * product reading any of it that the library did not write first fails. */
static cl_mem dirty_workspace(size_t bytes)
{
	cl_int err;
	cl_mem w =
	    clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE, bytes, NULL, &err);
	assert_non_null(w);
	const cl_uchar ff = 0xff;
	assert_int_equal(
	    clEnqueueFillBuffer(txf_context_queue(test_ctx), w, &ff, 1, 0, bytes, 0, NULL, NULL),
	    CL_SUCCESS);
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	return w;
}

/* PADCOPY on the blocked kernel packs op(B) in panels of 2 vwb columns
 * (cl/matmul.cl matmul_pack_panels) that the product reads where they lie:
 * N around the panel width and the block, K around the pack's runs of 64
 * rows and the K step, K whole and in 3 slices; every combination of
 * transposes and storage orders over the cases, B an offset view with a
 * padded leading dimension; f32 and f64; a caller's workspace of exactly
 * txf_matmul_workspace_size() bytes (filled with NaN first) and the pooled
 * one; A and B unchanged. */
static void test_padcopy_panels(void **state)
{
	(void)state;
	/* K steps of 16, and of 512 as the POCL entry's panels take them (K
	 * around one and three of them). */
	static const mparams blocked = {32, 32, 16, 1, 1, 8, 8, 0, 0, 0, 0, 0, 0};
	static const mparams deep = {32, 32, 512, 1, 1, 8, 8, 0, 0, 0, 0, 0, 0};
	static const struct {
		const mparams *p;
		shape s;
	} cases[] = {{&blocked, {5, 1, 63}},    {&blocked, {33, 15, 64}}, {&blocked, {40, 16, 65}},
	             {&blocked, {17, 17, 129}}, {&blocked, {64, 33, 1}},  {&blocked, {70, 48, 200}},
	             {&deep, {9, 33, 511}},     {&deep, {20, 40, 1537}}};
	const txf_dtype types[] = {TXF_F32, TXF_F64};
	unsigned v = 0;
	for (size_t ti = 0; ti < COUNT(types); ti++) {
		if (types[ti] == TXF_F64 && !has_fp64())
			continue;
		for (size_t i = 0; i < COUNT(cases); i++) {
			const shape *sh = &cases[i].s;
			for (unsigned sl = 1; sl <= 3; sl += 2, v++) {
				if (sl > 1 && sh->k < 3 * cases[i].p->kwg)
					continue;
				mparams p = *cases[i].p;
				p.ksplit = sl;
				mcase c =
				    make_case(sh->m, sh->n, sh->k, types[ti], (v * 7) % 32, 0);
				c.off_b = 1 + v % 4;
				c.pad_b = 3;
				txf_matmul_options o = mm_opts(TXF_STRATEGY_PADCOPY, &p);
				size_t bytes = 0;
				assert_int_equal(txf_matmul_workspace_size(test_ctx, c.m, c.n, c.k,
				                                           c.dtype, &o, &bytes),
				                 TXF_SUCCESS);
				assert_true(bytes > 0);
				cl_mem ws = dirty_workspace(bytes);
				prepared pr;
				prepare(&c, &pr);
				run_prepared(&c, &pr, TXF_STRATEGY_PADCOPY, &p, ws);
				run_prepared(&c, &pr, TXF_STRATEGY_PADCOPY, &p, NULL);
				test_assert_image(&pr.a.buf, pr.a.image, pr.a.elem,
				                  "A after padcopy");
				test_assert_image(&pr.b.buf, pr.b.image, pr.b.elem,
				                  "B after padcopy");
				prepared_free(&pr);
				clReleaseMemObject(ws);
			}
		}
	}
}

/* A caller's workspace of exactly txf_matmul_workspace_size() bytes works
 * (filled with NaN first) for both storage orders of C; one byte less is refused with
 * TXF_ERR_WORKSPACE_TOO_SMALL and C unchanged (with square blocks both
 * orders need the same; with 32 x 16 blocks at least the larger one is
 * refused). */
static void test_padcopy_workspace(void **state)
{
	(void)state;
	const mparams *sets[] = {&small_params, &vector_params};
	for (size_t si = 0; si < COUNT(sets); si++) {
		const size_t m = 45, n = 70, k = 27;
		txf_matmul_options o = mm_opts(TXF_STRATEGY_PADCOPY, sets[si]);
		size_t bytes = 0;
		assert_int_equal(txf_matmul_workspace_size(test_ctx, m, n, k, TXF_F32, &o, &bytes),
		                 TXF_SUCCESS);
		assert_true(bytes > 0);
		/* At least the two padded operands (C is written in place). */
		const mparams *p = sets[si];
		size_t mp = round_up(m, p->mwg), np = round_up(n, p->nwg), kp = round_up(k, p->kwg);
		assert_true(bytes >= (mp * kp + np * kp) * 4);
		/* Other strategies need none; neither does an empty product. */
		size_t none = 1;
		txf_matmul_options os = mm_opts(TXF_STRATEGY_SPLIT, sets[si]);
		assert_int_equal(txf_matmul_workspace_size(test_ctx, m, n, k, TXF_F32, &os, &none),
		                 TXF_SUCCESS);
		assert_true(none == 0);
		none = 1;
		assert_int_equal(txf_matmul_workspace_size(test_ctx, 0, n, k, TXF_F32, &o, &none),
		                 TXF_SUCCESS);
		assert_true(none == 0);

		cl_int err;
		cl_mem exact = dirty_workspace(bytes);
		cl_mem less = clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE,
		                             bytes - 1, NULL, &err);
		assert_non_null(exact);
		assert_non_null(less);
		unsigned refused = 0;
		for (unsigned v = 0; v < 32; v += 5) {
			for (unsigned lc = 0; lc < 2; lc++) {
				mcase c = make_case(m, n, k, TXF_F32, v, 0);
				c.lc = lc ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				prepared pr;
				prepare(&c, &pr);
				run_prepared(&c, &pr, TXF_STRATEGY_PADCOPY, sets[si], exact);
				/* One byte short. */
				char what[400];
				describe(&c, "padcopy, workspace one byte short", sets[si], what,
				         sizeof what);
				upload(&pr.c);
				o.workspace = less;
				cl_event ev = NULL;
				txf_status s =
				    txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &pr.a.m, &pr.b.m,
				               c.beta, &pr.c.m, &o, 0, NULL, &ev);
				if (s == TXF_ERR_WORKSPACE_TOO_SMALL) {
					refused++;
					test_assert_image(&pr.c.buf, pr.c_image, 4, what);
				} else if (s == TXF_SUCCESS && p->mwg != p->nwg) {
					test_wait(ev);
					check_result(&c, &pr, what);
				} else {
					if (s == TXF_SUCCESS)
						test_wait(ev);
					fail_msg("%s: %s, expected TXF_ERR_WORKSPACE_TOO_SMALL",
					         what, txf_status_name(s));
				}
				/* The pooled path on the same inputs. */
				run_prepared(&c, &pr, TXF_STRATEGY_PADCOPY, sets[si], NULL);
				prepared_free(&pr);
			}
		}
		assert_true(refused > 0);
		clReleaseMemObject(exact);
		clReleaseMemObject(less);
	}
}

/* PADCOPY on shapes the blocks divide in all, some or none of M, N and K,
 * through every op combination and layout, with operands whose rows are and
 * are not aligned for the vector loads: a pack is left out where the
 * operand is already K-major (A transposed, B not), aligned and divided,
 * and the product writes C itself, dropping its stores outside C where the
 * blocks do not divide it (matmul_clip; K groups too). */
static void test_padcopy_skips(void **state)
{
	(void)state;
	static const shape shapes[] = {{64, 48, 24}, {64, 48, 25}, {64, 47, 24},
	                               {63, 48, 24}, {32, 16, 8},  {96, 64, 40}};
	static const txf_strategy pc[] = {TXF_STRATEGY_PADCOPY};
	const mparams sets[] = {small_params, vector_params, layout_params, groups_params};
	unsigned v = 0;
	for (size_t si = 0; si < COUNT(sets); si++)
		for (size_t i = 0; i < COUNT(shapes); i++)
			for (unsigned r = 0; r < (si == 3 ? 8u : 32u); r++) {
				mcase c = make_case(shapes[i].m, shapes[i].n, shapes[i].k, TXF_F32,
				                    v++, (r & 1) ? 4 : 0);
				run_case(&c, &sets[si], pc, 1);
			}
	/* K slices on a divided shape: C through the padded slices. */
	mparams p = vector_params;
	p.ksplit = 2;
	for (unsigned r = 0; r < 8; r++) {
		mcase c = make_case(64, 48, 48, TXF_F32, r * 5, 4);
		run_case(&c, &p, pc, 1);
	}
	if (has_fp64())
		for (unsigned r = 0; r < 8; r++) {
			mcase c = make_case(64, 48, 24, TXF_F64, r * 3, 4);
			run_case(&c, &vector_params, pc, 1);
		}
}

/* What PADCOPY copies shows in the workspace it needs: on a shape the blocks
 * divide, row-major operands without transposes need only the packed A
 * (Kp x Mp elements), so a caller's workspace of that size is enough; with B
 * transposed B is packed too, and the same workspace is refused with C
 * unchanged. txf_matmul_workspace_size still gives the most any layout
 * needs. */
static void test_padcopy_workspace_parts(void **state)
{
	(void)state;
	const size_t m = 64, n = 48, k = 24;
	txf_matmul_options o = mm_opts(TXF_STRATEGY_PADCOPY, &vector_params);
	size_t most = 0;
	assert_int_equal(txf_matmul_workspace_size(test_ctx, m, n, k, TXF_F32, &o, &most),
	                 TXF_SUCCESS);
	const size_t a_only = m * k * 4;
	assert_true(most >= (m * k + k * n) * 4);
	cl_int err;
	cl_mem ws =
	    clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE, a_only, NULL, &err);
	assert_non_null(ws);
	for (unsigned tb = 0; tb < 2; tb++) {
		mcase c = make_case(m, n, k, TXF_F32, tb ? 2 : 0, 0);
		c.la = c.lb = c.lc = TXF_ROW_MAJOR;
		c.pad_a = c.pad_b = c.pad_c = 0;
		c.off_a = c.off_b = c.off_c = 0;
		c.beta = 0.5;
		prepared pr;
		prepare(&c, &pr);
		if (!tb) {
			run_prepared(&c, &pr, TXF_STRATEGY_PADCOPY, &vector_params, ws);
		} else {
			o.workspace = ws;
			cl_event ev = NULL;
			txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &pr.a.m,
			                          &pr.b.m, c.beta, &pr.c.m, &o, 0, NULL, &ev);
			if (s == TXF_SUCCESS)
				test_wait(ev);
			assert_int_equal(s, TXF_ERR_WORKSPACE_TOO_SMALL);
			assert_non_null(strstr(txf_last_error(), "workspace"));
			test_assert_image(&pr.c.buf, pr.c_image, 4, "padcopy, B packed too");
		}
		prepared_free(&pr);
	}
	clReleaseMemObject(ws);
}

/* K slices: PAD and PADCOPY, and AUTO (which must resolve to one of them),
 * with 2, 3 and 7 slices, on the common shapes, on shapes the blocks divide
 * (PAD then runs the unchecked kernel) and on K that leaves the last slices
 * short or empty; tiled kernels with scalar and vector loads, and the
 * device's parameters (the blocked kernel on CPUs). The variants run on
 * through the cases, so that the slices meet every op combination, layout,
 * alpha and beta. */
static void test_ksplit(void **state)
{
	(void)state;
	static const txf_strategy sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_PADCOPY,
	                                   TXF_STRATEGY_AUTO};
	static const unsigned counts[] = {2, 3, 7};
	static const shape extra[] = {{32, 16, 64}, {33, 17, 100}, {16, 16, 9}, {64, 48, 520}};
	const mparams bases[] = {small_params, vector_params, layout_params,
	                         resolved(&device_params, TXF_F32)};
	unsigned v = 0;
	for (size_t bi = 0; bi < COUNT(bases); bi++) {
		for (size_t ci = 0; ci < COUNT(counts); ci++) {
			mparams p = bases[bi];
			p.ksplit = counts[ci];
			for (size_t i = 0; i < COUNT(common_shapes) + COUNT(extra); i++) {
				const shape *sh = i < COUNT(common_shapes)
				                      ? &common_shapes[i]
				                      : &extra[i - COUNT(common_shapes)];
				mcase c = make_case(sh->m, sh->n, sh->k, TXF_F32, v++, 4);
				run_case(&c, &p, sts, COUNT(sts));
				/* AUTO with slices forced sums them. */
				txf_matmul_options o = mm_opts(TXF_STRATEGY_AUTO, &p);
				txf_matmul_choice ch;
				assert_int_equal(txf_matmul_explain(test_ctx, sh->m, sh->n, sh->k,
				                                    TXF_F32, &o, &ch),
				                 TXF_SUCCESS);
				assert_true(ch.strategy == TXF_STRATEGY_PAD ||
				            ch.strategy == TXF_STRATEGY_PADCOPY);
				assert_int_equal(test_mparam(&ch, "ksplit"), counts[ci]);
				assert_non_null(strstr(ch.why, "slices"));
			}
		}
	}
	if (has_fp64()) {
		mparams p = small_params;
		p.ksplit = 3;
		mcase c = make_case(37, 53, 29, TXF_F64, 2, 0);
		run_case(&c, &p, sts, COUNT(sts));
	}
	/* Hundreds of slices (a single block of C over a deep K), the last one
	 * short, and the most the registry takes. */
	static const unsigned many[] = {300, 1024};
	for (size_t i = 0; i < COUNT(many); i++) {
		mparams p = small_params;
		p.ksplit = many[i];
		const size_t k = (size_t)many[i] * p.kwg - p.kwg / 2;
		mcase c = make_case(9, 13, k, TXF_F32, v++, 4);
		run_case(&c, &p, sts, COUNT(sts));
	}
}

/* One product with the reduction kernel forced (dot lanes, ksplit slices
 * or 0 for the device's), checked: what explain reports, C within the
 * bound and untouched beyond the view, A and B unchanged. */
static void run_dot(const mcase *c, unsigned lanes, unsigned ksplit, txf_strategy st)
{
	char what[400];
	describe(c, txf_strategy_name(st), &small_params, what, sizeof what);
	snprintf(what + strlen(what), sizeof what - strlen(what), "; dot %u ksplit %u", lanes,
	         ksplit);
	prepared p;
	prepare(c, &p);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = st;
	test_mopt(&o, "dot", lanes);
	if (ksplit)
		test_mopt(&o, "ksplit", ksplit);
	txf_matmul_choice ch;
	if (txf_matmul_explain(test_ctx, c->m, c->n, c->k, c->dtype, &o, &ch) != TXF_SUCCESS)
		fail_msg("%s: explain: %s", what, txf_last_error());
	const long long got_slices = test_mparam(&ch, "ksplit");
	const unsigned launches = !c->m || !c->n ? 0 : !c->k ? 1 : got_slices > 1 ? 2 : 1;
	if (ch.strategy != TXF_STRATEGY_PAD || test_mparam(&ch, "dot") != lanes ||
	    (ksplit ? got_slices != ksplit : got_slices < 1) || ch.launches != launches ||
	    ch.params_source != TXF_SOURCE_FORCED || !strstr(ch.why, "the reduction kernel") ||
	    test_mparam(&ch, "mwg") < (long long)(c->m > 32 ? 8
	                                          : c->m    ? c->m
	                                                    : 1) ||
	    test_mparam(&ch, "nwg") < (long long)(c->n > 32 ? 8
	                                          : c->n    ? c->n
	                                                    : 1))
		fail_msg("%s: explain reports %s, dot %lld, %lld slices, %u launches: %s", what,
		         txf_strategy_name(ch.strategy), test_mparam(&ch, "dot"), got_slices,
		         ch.launches, ch.why);
	upload(&p.c);
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, c->op_a, c->op_b, c->alpha, &p.a.m, &p.b.m, c->beta,
	                          &p.c.m, &o, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
	test_wait(ev);
	check_result(c, &p, what);
	test_assert_image(&p.a.buf, p.a.image, p.a.elem, "A after the reduction kernel");
	test_assert_image(&p.b.buf, p.b.image, p.b.elem, "B after the reduction kernel");
	prepared_free(&p);
}

/* A refused forced reduction kernel: the status, a message naming what is
 * wrong, and C as it was. */
static void refuse_dot(size_t m, size_t n, size_t k, txf_strategy st, const char *name,
                       long long value, txf_status want, const char *says)
{
	mcase c = make_case(m, n, k, TXF_F32, 5, 0);
	prepared p;
	prepare(&c, &p);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = st;
	test_mopt(&o, "dot", 16);
	if (name)
		test_mopt(&o, name, value);
	upload(&p.c);
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &p.a.m, &p.b.m, c.beta, &p.c.m,
	                          &o, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		test_wait(ev);
	if (s != want || !strstr(txf_last_error(), says))
		fail_msg("dot 16 on %zu x %zu x %zu with %s, %s %lld: %s (%s), expected %s (%s)", m,
		         n, k, txf_strategy_name(st), name ? name : "-", value, txf_status_name(s),
		         txf_last_error(), txf_status_name(want), says);
	test_assert_image(&p.c.buf, p.c_image, p.c.elem, "C after a refused reduction kernel");
	prepared_free(&p);
}

/* The reduction kernel (dot) forced: a C of one element to 32 x 32 (one
 * to sixteen parts of up to 8 x 8, parts cut by the edges of C) and C of a
 * short side and a longer one (blocks of 8 along it, the last cut), K of 0,
 * 1 and up to past the lanes times the slices, 2 to 128 lanes, no slices, a
 * few and the device's; every op and layout with paddings and offsets,
 * alpha and beta; pad and auto; f32 and f64. Refused: other strategies, a C
 * with no side of at most 32, vector loads, a count of lanes the registry
 * does not take. */
static void test_dot(void **state)
{
	(void)state;
	static const struct {
		size_t m, n, k;
		unsigned lanes, ksplit;
	} cases[] = {{1, 1, 1, 2, 0},        {1, 1, 1000, 64, 0},   {3, 5, 777, 8, 3},
	             {8, 8, 64, 16, 1},      {9, 7, 1001, 32, 0},   {16, 16, 300, 64, 5},
	             {17, 3, 129, 8, 0},     {24, 8, 2049, 32, 2},  {32, 32, 65, 8, 0},
	             {31, 1, 500, 16, 3},    {1, 32, 257, 8, 1},    {5, 4, 0, 8, 0},
	             {2, 2, 10000, 128, 40}, {12, 12, 4099, 16, 0}, {8, 9, 33, 8, 7},
	             {5, 4, 3000, 64, 0},    {20, 20, 999, 64, 2},  {8, 8, 500, 2, 3},
	             {100, 3, 50, 16, 0},    {5, 77, 300, 8, 2},    {1, 200, 129, 32, 0},
	             {300, 1, 100, 64, 0},   {64, 16, 20, 8, 3},    {33, 2, 70, 8, 0}};
	static const txf_strategy sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_AUTO};
	unsigned v = 0;
	for (size_t i = 0; i < COUNT(cases); i++)
		for (size_t j = 0; j < COUNT(sts); j++) {
			mcase c = make_case(cases[i].m, cases[i].n, cases[i].k, TXF_F32, v, 0);
			v += 7;
			run_dot(&c, cases[i].lanes, cases[i].ksplit, sts[j]);
		}
	if (has_fp64())
		for (size_t i = 0; i < COUNT(cases); i += 3) {
			mcase c = make_case(cases[i].m, cases[i].n, cases[i].k, TXF_F64, v, 0);
			v += 5;
			run_dot(&c, cases[i].lanes, cases[i].ksplit, TXF_STRATEGY_PAD);
		}
	refuse_dot(8, 8, 100, TXF_STRATEGY_SPLIT, NULL, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	           "split runs other kernels");
	refuse_dot(8, 8, 100, TXF_STRATEGY_PADCOPY, NULL, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	           "padcopy runs other kernels");
	refuse_dot(40, 33, 100, TXF_STRATEGY_PAD, NULL, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	           "C is 40 x 33");
	refuse_dot(8, 8, 100, TXF_STRATEGY_PAD, "vwa", 2, TXF_ERR_BAD_TILE,
	           "vwa, vwb, lbuf, wmap, kgroups and mma take 1");
	refuse_dot(8, 8, 100, TXF_STRATEGY_PAD, "mwg", 32, TXF_ERR_BAD_TILE,
	           "at most 8 x 8 per work-item");
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	assert_int_equal(txf_matmul_options_set(&o, "dot", 3), TXF_ERR_BAD_PARAM);
	assert_non_null(strstr(txf_last_error(), "not a power of two"));
	assert_int_equal(txf_matmul_options_set(&o, "dot", 512), TXF_ERR_BAD_PARAM);
	assert_int_equal(mparam_max("dot"), 256);
}

/* The work-groups in bands of block rows (raster 2 to 64): the blocked,
 * tiled and K-group kernels with every strategy that launches them, on
 * grids of one to several bands, the last one short, with K slices; simple
 * and truncate with it set; a raster forced on AUTO is reported by the
 * choice. The device's choice here (no matrix units) is row by row. */
static void test_raster(void **state)
{
	(void)state;
	static const txf_strategy sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT,
	                                   TXF_STRATEGY_PADCOPY, TXF_STRATEGY_AUTO};
	/* K slices: pad and padcopy. */
	static const txf_strategy sliced[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_PADCOPY,
	                                      TXF_STRATEGY_AUTO};
	static const unsigned bands[] = {2, 3, 64};
	static const shape shapes[] = {{37, 53, 29},   {130, 70, 50}, {300, 70, 33},
	                               {517, 129, 40}, {96, 96, 16},  {1, 40, 1}};
	const mparams bases[] = {small_params, vector_params, layout_params, groups_params,
	                         resolved(&device_params, TXF_F32)};
	unsigned v = 300;
	for (size_t bi = 0; bi < COUNT(bases); bi++)
		for (size_t ri = 0; ri < COUNT(bands); ri++)
			for (size_t i = 0; i < COUNT(shapes); i++) {
				mparams p = bases[bi];
				p.raster = bands[ri];
				p.ksplit = i % 2 ? 2 : 0;
				const shape *sh = &shapes[i];
				mcase c = make_case(sh->m, sh->n, sh->k, TXF_F32, v++, 4);
				if (p.ksplit)
					run_case(&c, &p, sliced, COUNT(sliced));
				else
					run_case(&c, &p, sts, COUNT(sts));
				txf_matmul_options o = mm_opts(TXF_STRATEGY_AUTO, &p);
				txf_matmul_choice ch;
				assert_int_equal(txf_matmul_explain(test_ctx, sh->m, sh->n, sh->k,
				                                    TXF_F32, &o, &ch),
				                 TXF_SUCCESS);
				assert_int_equal(test_mparam(&ch, "raster"), bands[ri]);
			}
	if (has_fp64()) {
		mparams p = small_params;
		p.raster = 3;
		mcase c = make_case(300, 70, 33, TXF_F64, 2, 0);
		run_case(&c, &p, sts, COUNT(sts));
	}
	/* Simple and truncate take the parameter and ignore it. */
	static const txf_strategy others[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_TRUNCATE};
	for (size_t ri = 0; ri < COUNT(bands); ri++) {
		mparams p = small_params;
		p.raster = bands[ri];
		mcase c = make_case(300, 70, 33, TXF_F32, v++, 4);
		run_case(&c, &p, others, COUNT(others));
	}
	txf_matmul_choice ch;
	assert_int_equal(txf_matmul_explain(test_ctx, 4096, 4096, 4096, TXF_F32, NULL, &ch),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&ch, "raster"), 1);
	assert_null(strstr(ch.why, "bands"));
}

/* A pooled workspace on an in-order queue goes back to the pool when its
 * operation is enqueued: four K-sliced products in a row, no event asked
 * for and none waited on, take one buffer between them (the queue runs
 * them one after another), and every result is right. On an out-of-order
 * queue the same products, which may run at once, each keep theirs until
 * they are done; their results are right too. */
static void test_pool_queue_order(void **state)
{
	(void)state;
	cl_context clc = txf_context_cl_context(test_ctx);
	cl_device_id dev = txf_context_device(test_ctx);
	for (int ooo = 0; ooo < 2; ooo++) {
		cl_int err;
		cl_command_queue q = clCreateCommandQueue(
		    clc, dev, ooo ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0, &err);
		if (!q && ooo)
			break; /* the device has no out-of-order queues */
		assert_non_null(q);
		txf_context *ctx = NULL;
		assert_int_equal(txf_context_wrap(&ctx, clc, dev, q, NULL), TXF_SUCCESS);
		assert_int_equal(ctx->queue_in_order, !ooo);
		mparams p = small_params;
		p.ksplit = 3;
		const txf_matmul_options o = mm_opts(TXF_STRATEGY_PAD, &p);
		mcase cs[4];
		prepared ps[4];
		for (unsigned i = 0; i < COUNT(cs); i++) {
			cs[i] = make_case(96, 128, 600, TXF_F32, 200 + i, 4);
			prepare(&cs[i], &ps[i]);
		}
		assert_int_equal(txf__pool_created(ctx->pool), 0);
		for (unsigned i = 0; i < COUNT(cs); i++)
			assert_int_equal(txf_matmul(ctx, cs[i].op_a, cs[i].op_b, cs[i].alpha,
			                            &ps[i].a.m, &ps[i].b.m, cs[i].beta, &ps[i].c.m,
			                            &o, 0, NULL, NULL),
			                 TXF_SUCCESS);
		assert_int_equal(clFinish(q), CL_SUCCESS);
		if (!ooo)
			assert_int_equal(txf__pool_created(ctx->pool), 1);
		for (unsigned i = 0; i < COUNT(cs); i++) {
			check_result(&cs[i], &ps[i], ooo ? "out of order" : "in order");
			prepared_free(&ps[i]);
		}
		txf_context_release(&ctx);
		clReleaseCommandQueue(q);
	}
}

/* The workspace of K slices: PAD's partial sums (exactly slices x M x N
 * elements) and PADCOPY's padded C of one slice per K slice, from the
 * caller (exact size and filled with NaN first, one byte short, shared with
 * C) or the pool. */
static void test_ksplit_workspace(void **state)
{
	(void)state;
	const size_t m = 45, n = 70, k = 270;
	static const txf_strategy sts[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_PADCOPY};
	for (size_t si = 0; si < COUNT(sts); si++) {
		mparams p = small_params;
		p.ksplit = 3;
		txf_matmul_options o = mm_opts(sts[si], &p);
		size_t bytes = 0;
		assert_int_equal(txf_matmul_workspace_size(test_ctx, m, n, k, TXF_F32, &o, &bytes),
		                 TXF_SUCCESS);
		size_t mp = round_up(m, p.mwg), np = round_up(n, p.nwg), kp = round_up(k, p.kwg);
		if (sts[si] == TXF_STRATEGY_PAD)
			assert_int_equal(bytes, 3 * m * n * 4);
		else
			assert_true(bytes >= (mp * kp + np * kp + 3 * mp * np) * 4);
		/* One slice: PAD needs nothing. */
		mparams one = small_params;
		one.ksplit = 1;
		txf_matmul_options o1 = mm_opts(TXF_STRATEGY_PAD, &one);
		size_t none = 1;
		assert_int_equal(txf_matmul_workspace_size(test_ctx, m, n, k, TXF_F32, &o1, &none),
		                 TXF_SUCCESS);
		assert_true(none == 0);

		cl_int err;
		cl_context cx = txf_context_cl_context(test_ctx);
		cl_mem exact = dirty_workspace(bytes);
		cl_mem less = clCreateBuffer(cx, CL_MEM_READ_WRITE, bytes - 1, NULL, &err);
		assert_non_null(exact);
		assert_non_null(less);
		for (unsigned v = 0; v < 8; v += 3) {
			mcase c = make_case(m, n, k, TXF_F32, v, 0);
			c.lc = v % 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
			prepared pr;
			prepare(&c, &pr);
			run_prepared(&c, &pr, sts[si], &p, exact);
			run_prepared(&c, &pr, sts[si], &p, NULL);
			char what[400];
			describe(&c, "k slices, workspace one byte short", &p, what, sizeof what);
			upload(&pr.c);
			o.workspace = less;
			cl_event ev = NULL;
			txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &pr.a.m,
			                          &pr.b.m, c.beta, &pr.c.m, &o, 0, NULL, &ev);
			if (s == TXF_SUCCESS)
				test_wait(ev);
			/* PADCOPY's size covers both storage orders of C: one order
			 * may fit in a byte less. */
			if (s == TXF_SUCCESS && sts[si] == TXF_STRATEGY_PADCOPY)
				check_result(&c, &pr, what);
			else if (s != TXF_ERR_WORKSPACE_TOO_SMALL)
				fail_msg("%s: %s, expected TXF_ERR_WORKSPACE_TOO_SMALL", what,
				         txf_status_name(s));
			else
				test_assert_image(&pr.c.buf, pr.c_image, 4, what);
			/* The workspace is C's own buffer. */
			describe(&c, "k slices, workspace is C's buffer", &p, what, sizeof what);
			upload(&pr.c);
			o.workspace = pr.c.buf.mem;
			s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &pr.a.m, &pr.b.m, c.beta,
			               &pr.c.m, &o, 0, NULL, &ev);
			if (s != TXF_ERR_OVERLAP && s != TXF_ERR_WORKSPACE_TOO_SMALL)
				fail_msg("%s: %s, expected TXF_ERR_OVERLAP", what,
				         txf_status_name(s));
			test_assert_image(&pr.c.buf, pr.c_image, 4, what);
			prepared_free(&pr);
		}
		clReleaseMemObject(exact);
		clReleaseMemObject(less);
	}
}

/* Several PADCOPY products on pooled workspaces, enqueued back to back with
 * no wait between them (some the same shape, some not), twice so that the
 * second round reuses the pool's buffers; each result checked after its own
 * event. */
static void padcopy_burst(txf_context *ctx, bool gate)
{
	static const shape shapes[] = {{45, 70, 27}, {45, 70, 27}, {33, 17, 40},
	                               {70, 45, 27}, {45, 70, 27}, {16, 16, 8}};
	enum { NB = COUNT(shapes) };
	for (int round = 0; round < 2; round++) {
		mcase c[NB];
		prepared p[NB];
		cl_event ev[NB];
		cl_int err;
		cl_event user = NULL;
		if (gate) {
			user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
			assert_non_null(user);
		}
		txf_status st[NB];
		for (int i = 0; i < NB; i++) {
			/* Gated (on a context of its own): row-major N N only, so
			 * that it builds few programs. */
			unsigned v = gate ? 32u * (unsigned)(i + NB * round)
			                  : (unsigned)(i * 9 + round * 16);
			c[i] = make_case(shapes[i].m, shapes[i].n, shapes[i].k, TXF_F32, v, 0);
			prepare(&c[i], &p[i]);
		}
		for (int i = 0; i < NB; i++) {
			txf_matmul_options o = mm_opts(TXF_STRATEGY_PADCOPY, &small_params);
			ev[i] = NULL;
			st[i] = txf_matmul(ctx, c[i].op_a, c[i].op_b, c[i].alpha, &p[i].a.m,
			                   &p[i].b.m, c[i].beta, &p[i].c.m, &o, gate ? 1 : 0,
			                   gate ? &user : NULL, &ev[i]);
		}
		if (gate) {
			sleep_ms(50);
			for (int i = 0; i < NB; i++)
				if (st[i] == TXF_SUCCESS && event_status(ev[i]) == CL_COMPLETE)
					fail_msg("padcopy %d completed before its wait list", i);
			assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
			clReleaseEvent(user);
		}
		for (int i = 0; i < NB; i++) {
			char what[400];
			describe(&c[i], "padcopy burst", &small_params, what, sizeof what);
			if (st[i] != TXF_SUCCESS)
				fail_msg("%s: %s (%s)", what, txf_status_name(st[i]),
				         txf_last_error());
		}
		/* Last first: each event alone must cover its whole product. */
		for (int i = NB - 1; i >= 0; i--) {
			char what[400];
			describe(&c[i], "padcopy burst", &small_params, what, sizeof what);
			test_wait(ev[i]);
			check_result(&c[i], &p[i], what);
		}
		for (int i = 0; i < NB; i++)
			prepared_free(&p[i]);
	}
}

static void test_padcopy_pool(void **state)
{
	(void)state;
	padcopy_burst(test_ctx, false);
}

/* Kernel objects: an operation takes them from the context and gives them
 * back, and every launch sets all of its kernel's arguments. Products with
 * K slices (a product and a sum launch) over several shapes, leading
 * dimensions, offsets and scalars, then the same cases again in reverse
 * order on fresh buffers and data: the second round creates no kernel,
 * each kernel's last arguments were another case's, and every result is
 * right. */
static void test_kernels_kept(void **state)
{
	(void)state;
	/* A fresh context, whose kernel cache (TXF__KERNELS_MAX kernels) the
	 * tests before have not filled. */
	txf_context_release(&test_ctx);
	assert_int_equal(txf_context_create(&test_ctx, NULL), TXF_SUCCESS);
	static const shape shapes[] = {{45, 70, 27}, {33, 17, 40}, {70, 45, 64}, {16, 16, 8}};
	static const txf_strategy pad[] = {TXF_STRATEGY_PAD};
	mparams p = small_params;
	p.ksplit = 3;
	test_kernels counts[2];
	for (int round = 0; round < 2; round++) {
		for (size_t j = 0; j < COUNT(shapes); j++) {
			const size_t i = round ? COUNT(shapes) - 1 - j : j;
			/* Multiples of 32: N N, all row-major; other pads,
			 * offsets and scalars. */
			mcase c = make_case(shapes[i].m, shapes[i].n, shapes[i].k, TXF_F32,
			                    32u * (unsigned)i, 0);
			run_case(&c, &p, pad, 1);
		}
		counts[round] = test_kernels_of(test_ctx);
	}
	test_assert_no_new_kernels(&counts[0], &counts[1]);
}

/* -------------------------------------------------------------- events */

/* A library context on the shared OpenCL context with an out-of-order
 * queue (in-order where the device has none), so that launches not chained
 * by events may run in any order. */
static txf_context *out_of_order_context(cl_command_queue *queue)
{
	cl_device_id dev = txf_context_device(test_ctx);
	cl_command_queue_properties props = 0;
	assert_int_equal(
	    clGetDeviceInfo(dev, CL_DEVICE_QUEUE_PROPERTIES, sizeof props, &props, NULL),
	    CL_SUCCESS);
	if (!(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
		fprintf(stderr, "note: the device has no out-of-order queues; using in-order\n");
	cl_int err;
	*queue = clCreateCommandQueue(txf_context_cl_context(test_ctx), dev,
	                              props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
	assert_non_null(*queue);
	txf_context *c = NULL;
	txf_status s = txf_context_wrap(&c, txf_context_cl_context(test_ctx), dev, *queue, NULL);
	if (s != TXF_SUCCESS)
		fail_msg("txf_context_wrap: %s (%s)", txf_status_name(s), txf_last_error());
	return c;
}

/* Multi-launch operations on an out-of-order queue, gated on a user event:
 * nothing completes before the gate opens, and right after waiting on the
 * returned event (and on nothing else) the whole result is there: SPLIT with
 * all four parts, PADCOPY, and a burst of pooled PADCOPYs. */
static void test_events_out_of_order(void **state)
{
	(void)state;
	cl_command_queue q;
	txf_context *ctx = out_of_order_context(&q);
	static const txf_strategy multi[] = {TXF_STRATEGY_SPLIT, TXF_STRATEGY_PADCOPY};
	/* With 16 x 16 x 8 blocks SPLIT runs all four parts on both shapes;
	 * on the second the main block has most of the work. Which launch
	 * finishes last varies from run to run: each case runs four times. */
	static const shape shapes[] = {{40, 40, 20}, {136, 132, 130}, {48, 32, 16}};
	for (size_t r = 0; r < 4 * COUNT(shapes) * COUNT(multi); r++) {
		const shape *sh = &shapes[r / 4 % COUNT(shapes)];
		const txf_strategy st = multi[r / (4 * COUNT(shapes))];
		mcase c = make_case(sh->m, sh->n, sh->k, TXF_F32, 0, 0);
		/* beta not 0 or 1: the main block and its K remainder must run
		 * in order, and C is read. */
		c.beta = -0.5;
		prepared p;
		prepare(&c, &p);
		char what[400];
		describe(&c, txf_strategy_name(st), &small_params, what, sizeof what);
		cl_int err;
		cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
		assert_non_null(user);
		txf_matmul_options o = mm_opts(st, &small_params);
		cl_event ev = NULL;
		txf_status s = txf_matmul(ctx, c.op_a, c.op_b, c.alpha, &p.a.m, &p.b.m, c.beta,
		                          &p.c.m, &o, 1, &user, &ev);
		if (s == TXF_SUCCESS) {
			sleep_ms(r % 4 == 0 ? 100 : 5);
			if (event_status(ev) == CL_COMPLETE)
				fail_msg("%s: completed before its wait list", what);
			/* Untouched so far (read through the shared context's queue). */
			test_assert_image(&p.c.buf, p.c_image, 4, what);
		}
		assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
		clReleaseEvent(user);
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
		test_wait(ev);
		check_result(&c, &p, what);
		prepared_free(&p);
	}
	padcopy_burst(ctx, true);
	txf_context_release(&ctx);
	clReleaseCommandQueue(q);
}

/* On the shared (in-order) queue: a matmul gated on a user event does not
 * complete, and does not write C, before the event is set; then it does. */
static void test_event_gate(void **state)
{
	(void)state;
	static const txf_strategy sts[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_SPLIT,
	                                   TXF_STRATEGY_PADCOPY};
	cl_int err;
	cl_command_queue q2 = clCreateCommandQueue(txf_context_cl_context(test_ctx),
	                                           txf_context_device(test_ctx), 0, &err);
	assert_non_null(q2);
	for (size_t i = 0; i < COUNT(sts); i++) {
		mcase c = make_case(40, 40, 20, TXF_F32, (unsigned)i * 7, 0);
		prepared p;
		prepare(&c, &p);
		char what[400];
		describe(&c, txf_strategy_name(sts[i]), &small_params, what, sizeof what);
		cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
		assert_non_null(user);
		txf_matmul_options o = mm_opts(sts[i], &small_params);
		cl_event ev = NULL;
		txf_status s = txf_matmul(test_ctx, c.op_a, c.op_b, c.alpha, &p.a.m, &p.b.m, c.beta,
		                          &p.c.m, &o, 1, &user, &ev);
		bool early = false, written = false;
		if (s == TXF_SUCCESS) {
			sleep_ms(100);
			early = event_status(ev) == CL_COMPLETE;
			/* The shared queue is held up behind the gate: read through a
			 * second one. */
			size_t total = p.c.buf.bytes + 2 * GUARD_BYTES;
			unsigned char *now = malloc(total);
			assert_non_null(now);
			assert_int_equal(clEnqueueReadBuffer(q2, p.c.buf.mem, CL_TRUE, 0, total,
			                                     now, 0, NULL, NULL),
			                 CL_SUCCESS);
			written = memcmp(now, p.c_image, total) != 0;
			free(now);
		}
		assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
		clReleaseEvent(user);
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
		test_wait(ev);
		if (early)
			fail_msg("%s: completed before its wait list", what);
		if (written)
			fail_msg("%s: wrote C before its wait list", what);
		check_result(&c, &p, what);
		prepared_free(&p);
	}
	clReleaseCommandQueue(q2);
}

/* -------------------------------------------------------------- errors */

/* A valid product (A 8 x 6, B 6 x 5, C 8 x 5, f32, row-major, each in a
 * buffer with room for f64 views of the same shapes) to spoil one argument
 * at a time. */
typedef struct fixture {
	operand a, b, c;
	unsigned char *c_image;
} fixture;

static fixture fixture_new(void)
{
	fixture f;
	f.a = operand_new(TXF_F32, 8, 6, TXF_ROW_MAJOR, 0, 0, 48, true);
	f.b = operand_new(TXF_F32, 6, 5, TXF_ROW_MAJOR, 0, 0, 30, true);
	f.c = operand_new(TXF_F32, 8, 5, TXF_ROW_MAJOR, 0, 0, 40, true);
	fill_view_random(&f.a);
	fill_view_random(&f.b);
	fill_view_random(&f.c);
	upload(&f.a);
	upload(&f.b);
	upload(&f.c);
	f.c_image = malloc(f.c.buf.bytes + 2 * GUARD_BYTES);
	assert_non_null(f.c_image);
	memcpy(f.c_image, f.c.image, f.c.buf.bytes + 2 * GUARD_BYTES);
	return f;
}

static void fixture_free(fixture *f)
{
	operand_free(&f->a);
	operand_free(&f->b);
	operand_free(&f->c);
	free(f->c_image);
}

/* The call returned `want`, with a message, and wrote nothing to C, A or
 * B. */
static void check_refused(fixture *f, txf_status got, txf_status want, cl_event ev,
                          const char *what)
{
	if (got == TXF_SUCCESS && ev)
		test_wait(ev);
	if (got != want)
		fail_msg("%s: got %s (%s), expected %s", what, txf_status_name(got),
		         txf_last_error(), txf_status_name(want));
	if (txf_last_error()[0] == '\0')
		fail_msg("%s: %s without a message", what, txf_status_name(got));
	test_assert_image(&f->c.buf, f->c_image, 4, what);
	test_assert_image(&f->a.buf, f->a.image, 4, what);
	test_assert_image(&f->b.buf, f->b.image, 4, what);
}

typedef struct call {
	txf_op op_a, op_b;
	double alpha, beta;
	const txf_matrix *a, *b, *c;
	txf_matmul_options o;
	cl_uint num_wait;
	const cl_event *wait;
} call;

static call call_new(fixture *f)
{
	call k;
	k.op_a = TXF_OP_N;
	k.op_b = TXF_OP_N;
	k.alpha = 1.0;
	k.beta = 0.5;
	k.a = &f->a.m;
	k.b = &f->b.m;
	k.c = &f->c.m;
	k.o = mm_opts(TXF_STRATEGY_AUTO, NULL);
	k.num_wait = 0;
	k.wait = NULL;
	return k;
}

static void expect(fixture *f, const call *k, txf_status want, const char *what)
{
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, k->op_a, k->op_b, k->alpha, k->a, k->b, k->beta, k->c,
	                          &k->o, k->num_wait, k->wait, &ev);
	check_refused(f, s, want, ev, what);
}

static void test_bad_shapes(void **state)
{
	(void)state;
	fixture f = fixture_new();
	call k = call_new(&f);
	/* The fixture itself runs. */
	{
		cl_event ev = NULL;
		assert_int_equal(txf_matmul(test_ctx, k.op_a, k.op_b, k.alpha, k.a, k.b, k.beta,
		                            k.c, &k.o, 0, NULL, &ev),
		                 TXF_SUCCESS);
		test_wait(ev);
		fixture_free(&f);
		f = fixture_new();
		k = call_new(&f);
	}
	txf_matrix a = f.a.m, b = f.b.m, c = f.c.m;

	b.rows = 7; /* op(A) 8 x 6, op(B) 7 x 5 */
	k.b = &b;
	expect(&f, &k, TXF_ERR_INNER_DIM_MISMATCH, "B 7 x 5");
	b = f.b.m;
	k.op_b = TXF_OP_T; /* op(B) = B^T is 5 x 6 */
	expect(&f, &k, TXF_ERR_INNER_DIM_MISMATCH, "op(B) = B^T, 5 x 6");
	k = call_new(&f);
	k.op_a = TXF_OP_T; /* op(A) 6 x 8, op(B) 6 x 5 */
	expect(&f, &k, TXF_ERR_INNER_DIM_MISMATCH, "op(A) = A^T, 6 x 8");

	k = call_new(&f);
	c.cols = 4;
	k.c = &c;
	expect(&f, &k, TXF_ERR_SHAPE_MISMATCH, "C 8 x 4");
	c = f.c.m;
	c.rows = 7;
	expect(&f, &k, TXF_ERR_SHAPE_MISMATCH, "C 7 x 5");
	c = f.c.m;
	c.rows = 5;
	c.cols = 8;
	c.ld = 8;
	expect(&f, &k, TXF_ERR_SHAPE_MISMATCH, "C 5 x 8 (transposed)");

	/* Leading dimensions. */
	k = call_new(&f);
	a = f.a.m;
	a.ld = 5;
	k.a = &a;
	expect(&f, &k, TXF_ERR_BAD_LD, "A row-major, ld 5 < 6 columns");
	k = call_new(&f);
	b = f.b.m;
	b.layout = TXF_COL_MAJOR;
	b.ld = 5; /* column-major 6 x 5 needs ld >= 6 */
	k.b = &b;
	expect(&f, &k, TXF_ERR_BAD_LD, "B column-major, ld 5 < 6 rows");
	k = call_new(&f);
	c = f.c.m;
	c.ld = 4;
	k.c = &c;
	expect(&f, &k, TXF_ERR_BAD_LD, "C row-major, ld 4 < 5 columns");

	/* Views past the end of their buffers. */
	k = call_new(&f);
	a = f.a.m;
	/* The whole buffer (guards included) less 47 of the view's 48. */
	a.offset = (f.a.buf.bytes + 2 * GUARD_BYTES) / 4 - 47;
	k.a = &a;
	expect(&f, &k, TXF_ERR_OUT_OF_BOUNDS, "A one element past its buffer");
	k = call_new(&f);
	c = f.c.m;
	c.ld = (f.c.buf.bytes + 2 * GUARD_BYTES) / 4; /* row 1 starts past the end */
	k.c = &c;
	expect(&f, &k, TXF_ERR_OUT_OF_BOUNDS, "C with a huge ld");
	k = call_new(&f);
	b = f.b.m;
	b.offset = (size_t)1 << 40;
	k.b = &b;
	expect(&f, &k, TXF_ERR_OUT_OF_BOUNDS, "B at offset 2^40");
	fixture_free(&f);
}

static void test_bad_operands(void **state)
{
	(void)state;
	fixture f = fixture_new();
	call k = call_new(&f);

	/* C overlapping A, C overlapping B (in their buffers). */
	txf_matrix c_in_a = test_view(&f.a.buf, TXF_F32, 8, 5, 6, 1, TXF_ROW_MAJOR);
	k.c = &c_in_a;
	expect(&f, &k, TXF_ERR_OVERLAP, "C overlapping A");
	/* B's buffer holds 60 floats: a C 8 x 5 at offset 20 covers B's end. */
	txf_matrix c_in_b = test_view(&f.b.buf, TXF_F32, 8, 5, 5, 20, TXF_ROW_MAJOR);
	k.c = &c_in_b;
	expect(&f, &k, TXF_ERR_OVERLAP, "C overlapping B");
	txf_matrix c_is_a = f.a.m;
	c_is_a.cols = 5;
	k.c = &c_is_a;
	expect(&f, &k, TXF_ERR_OVERLAP, "C inside A's view");

	/* NULL operands. */
	k = call_new(&f);
	k.c = NULL;
	k.beta = 1.0;
	expect(&f, &k, TXF_ERR_MISSING_C, "beta 1, C NULL");
	k.beta = -0.5;
	expect(&f, &k, TXF_ERR_MISSING_C, "beta -0.5, C NULL");
	k.beta = 0.0;
	expect(&f, &k, TXF_ERR_NULL_ARG, "beta 0, C NULL");
	k = call_new(&f);
	k.a = NULL;
	expect(&f, &k, TXF_ERR_NULL_ARG, "A NULL");
	k = call_new(&f);
	k.b = NULL;
	expect(&f, &k, TXF_ERR_NULL_ARG, "B NULL");
	{
		cl_event ev = NULL;
		txf_status s = txf_matmul(NULL, TXF_OP_N, TXF_OP_N, 1.0, &f.a.m, &f.b.m, 0.0,
		                          &f.c.m, NULL, 0, NULL, &ev);
		check_refused(&f, s, TXF_ERR_NULL_ARG, ev, "ctx NULL");
	}

	/* Element types. */
	k = call_new(&f);
	txf_matrix a = f.a.m, b = f.b.m, c = f.c.m;
	b.dtype = TXF_F64;
	b.offset = 0;
	k.b = &b;
	expect(&f, &k, TXF_ERR_DTYPE_MISMATCH, "B f64, A and C f32");
	k = call_new(&f);
	c.dtype = TXF_F64;
	c.offset = 0;
	k.c = &c;
	expect(&f, &k, TXF_ERR_DTYPE_MISMATCH, "C f64, A and B f32");
	k = call_new(&f);
	a.dtype = TXF_I32;
	k.a = &a;
	expect(&f, &k, TXF_ERR_DTYPE_MISMATCH, "A i32, B and C f32");
	static const txf_dtype ints[] = {TXF_I32, TXF_U32, TXF_I64, TXF_I16, TXF_C64};
	for (size_t i = 0; i < COUNT(ints); i++) {
		k = call_new(&f);
		a = f.a.m;
		b = f.b.m;
		c = f.c.m;
		a.dtype = b.dtype = c.dtype = ints[i];
		a.offset = b.offset = c.offset = 0;
		k.a = &a;
		k.b = &b;
		k.c = &c;
		char what[64];
		snprintf(what, sizeof what, "all %s", txf_dtype_name(ints[i]));
		expect(&f, &k, TXF_ERR_BAD_DTYPE, what);
	}
	k = call_new(&f);
	a = f.a.m;
	a.dtype = TXF_DTYPE_COUNT;
	k.a = &a;
	expect(&f, &k, TXF_ERR_BAD_DTYPE, "A of an unknown dtype");
	if (!has_fp64()) {
		/* All f64 where the device has no fp64. */
		k = call_new(&f);
		a = f.a.m;
		b = f.b.m;
		c = f.c.m;
		a.dtype = b.dtype = c.dtype = TXF_F64;
		a.offset = b.offset = c.offset = 0;
		k.a = &a;
		k.b = &b;
		k.c = &c;
		expect(&f, &k, TXF_ERR_FP64_UNSUPPORTED, "f64 without cl_khr_fp64");
	}

	/* op values. */
	k = call_new(&f);
	k.op_a = (txf_op)2;
	expect(&f, &k, TXF_ERR_INVALID_ARG, "op_a 2");
	k = call_new(&f);
	k.op_b = (txf_op)-1;
	expect(&f, &k, TXF_ERR_INVALID_ARG, "op_b -1");
	fixture_free(&f);
}

static void test_bad_options(void **state)
{
	(void)state;
	fixture f = fixture_new();
	call k = call_new(&f);
	txf_matmul_choice ch;

	k.o.strategy = TXF_STRATEGY_COUNT;
	expect(&f, &k, TXF_ERR_BAD_STRATEGY, "strategy TXF_STRATEGY_COUNT");
	assert_int_equal(txf_matmul_explain(test_ctx, 8, 5, 6, TXF_F32, &k.o, &ch),
	                 TXF_ERR_BAD_STRATEGY);
	k.o.strategy = (txf_strategy)-1;
	expect(&f, &k, TXF_ERR_BAD_STRATEGY, "strategy -1");
	k.o.strategy = (txf_strategy)99;
	expect(&f, &k, TXF_ERR_BAD_STRATEGY, "strategy 99");

	/* Forced parameters that break the kernel's rules. Those within their
	 * ranges are taken by the setter and refused when used with
	 * TXF_ERR_BAD_TILE; a value outside its range (`range` names the
	 * parameter) is refused by the setter, which leaves the options as they
	 * were, and, placed in the options' list directly, when used with
	 * TXF_ERR_BAD_PARAM. */
	static const struct {
		mparams p;
		const char *range;
		const char *what;
	} bad[] = {
	    {{16, 16, 8, 3, 4, 1, 1, 0, 0, 0, 0, 0, 0}, NULL, "mdimc 3 does not divide mwg 16"},
	    {{16, 16, 8, 4, 5, 1, 1, 0, 0, 0, 0, 0, 0}, NULL, "ndimc 5 does not divide nwg 16"},
	    {{16, 16, 8, 4, 4, 3, 1, 0, 0, 0, 0, 0, 0}, "vwa", "vwa 3"},
	    {{16, 16, 8, 4, 4, 1, 16, 0, 0, 0, 0, 0, 0}, NULL, "vwb 16"},
	    {{16, 16, 6, 4, 4, 4, 1, 0, 0, 0, 0, 0, 0}, NULL, "vwa 4 does not divide kwg 6"},
	    {{16, 16, 2, 16, 16, 1, 1, 0, 0, 0, 0, 0, 0},
	     NULL,
	     "a 16 x 2 A tile over 256 work-items"},
	    {{16, 64, 4, 16, 16, 2, 1, 0, 0, 0, 0, 0, 0},
	     NULL,
	     "16 x 4 / 2 A vectors over 256 work-items"},
	    {{1024, 16, 8, 4, 4, 1, 1, 0, 0, 0, 0, 0, 0}, "mwg", "mwg 1024"},
	    {{0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	     NULL,
	     "only mdimc 3 forced, the rest from the table"},
	    {{16, 16, 8, 4, 4, 1, 1, 1025, 0, 0, 0, 0, 0}, "ksplit", "ksplit 1025"},
	    {{16, 16, 8, 4, 4, 1, 1, 0, 5, 0, 0, 0, 0}, "lbuf", "lbuf 5"},
	    {{16, 16, 6, 4, 4, 1, 1, 0, 3, 0, 0, 0, 0}, NULL, "lbuf 3 with kwg 6"},
	    {{16, 16, 8, 4, 4, 1, 1, 0, 3, 0, 2, 0, 0}, NULL, "lbuf 3 with K groups"},
	    {{16, 16, 8, 4, 4, 1, 1, 0, 0, 3, 0, 0, 0}, "wmap", "wmap 3"},
	    {{16, 16, 8, 4, 4, 1, 1, 0, 0, 2, 0, 0, 0}, NULL, "wmap 2 on 4 x 4 work-items"},
	    {{32, 32, 8, 8, 4, 1, 1, 0, 1, 2, 0, 0, 0}, NULL, "wmap 2 on 8 x 4 work-items"},
	    {{16, 16, 8, 1, 1, 1, 1, 0, 2, 0, 0, 0, 0}, NULL, "lbuf 2 with the blocked kernel"},
	    {{16, 16, 8, 1, 1, 1, 1, 0, 0, 2, 0, 0, 0}, NULL, "wmap 2 with the blocked kernel"},
	    {{16, 16, 8, 4, 4, 1, 1, 0, 0, 0, 9, 0, 0}, "kgroups", "kgroups 9"},
	    {{16, 16, 8, 1, 1, 1, 1, 0, 0, 0, 2, 0, 0}, NULL, "kgroups 2 with the blocked kernel"},
	};
	/* ksplit 1025 and kgroups 9 are one past the registry's ranges. */
	assert_int_equal(mparam_max("ksplit"), 1024);
	assert_int_equal(mparam_max("kgroups"), 8);
	for (size_t i = 0; i < COUNT(bad); i++) {
		k = call_new(&f);
		for (size_t j = 0; j < COUNT(mparam_fields); j++) {
			const char *name = mparam_fields[j].name;
			const unsigned v = mparam_get(&bad[i].p, j);
			if (!bad[i].range || strcmp(name, bad[i].range) != 0) {
				test_mopt(&k.o, name, v);
				continue;
			}
			txf_matmul_options before;
			memcpy(&before, &k.o, sizeof before);
			const txf_status s = txf_matmul_options_set(&k.o, name, v);
			if (s != TXF_ERR_BAD_PARAM || !strstr(txf_last_error(), name))
				fail_msg(
				    "setting %s: %s (%s), expected TXF_ERR_BAD_PARAM naming %s",
				    bad[i].what, txf_status_name(s), txf_last_error(), name);
			if (memcmp(&before, &k.o, sizeof before) != 0)
				fail_msg("setting %s changed the options", bad[i].what);
			assert_true(k.o.num_params < TXF_MAX_PARAMS);
			k.o.params[k.o.num_params].name = name;
			k.o.params[k.o.num_params].value = v;
			k.o.num_params++;
		}
		const txf_status want = bad[i].range ? TXF_ERR_BAD_PARAM : TXF_ERR_BAD_TILE;
		for (size_t j = 0; j < COUNT(strategies); j++) {
			k.o.strategy = strategies[j];
			char what[128];
			snprintf(what, sizeof what, "%s: %s", txf_strategy_name(strategies[j]),
			         bad[i].what);
			expect(&f, &k, want, what);
		}
		if (txf_matmul_explain(test_ctx, 8, 5, 6, TXF_F32, &k.o, &ch) != want)
			fail_msg("explain accepts %s", bad[i].what);
	}

	/* K slices with a strategy that writes C directly. */
	static const txf_strategy direct[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_TRUNCATE,
	                                      TXF_STRATEGY_SPLIT};
	for (size_t j = 0; j < COUNT(direct); j++) {
		k = call_new(&f);
		mparams p = small_params;
		p.ksplit = 3;
		mparams_put(&k.o, &p);
		k.o.strategy = direct[j];
		char what[128];
		snprintf(what, sizeof what, "%s with 3 K slices", txf_strategy_name(direct[j]));
		expect(&f, &k, TXF_ERR_STRATEGY_NOT_APPLICABLE, what);
		/* (C of 64 x 64 holds a whole block: truncate's own rule passes.) */
		assert_int_equal(txf_matmul_explain(test_ctx, 64, 64, 64, TXF_F32, &k.o, &ch),
		                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
		assert_non_null(strstr(txf_last_error(), "ksplit 3"));
	}

	/* Parameters larger than the device: a work-group of more work-items
	 * than it runs, and blocks larger than its local memory. */
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(test_ctx, &prof), TXF_SUCCESS);
	unsigned d = 1;
	while ((size_t)d * d <= prof.max_work_group_size && d < 512)
		d *= 2;
	if ((size_t)d * d > prof.max_work_group_size) {
		k = call_new(&f);
		mparams big = {d, d, d, d, d, 1, 1, 0, 0, 0, 0, 0, 0};
		mparams_put(&k.o, &big);
		char what[128];
		snprintf(what, sizeof what, "%u x %u work-items, the device runs %zu", d, d,
		         prof.max_work_group_size);
		expect(&f, &k, TXF_ERR_TILE_UNSUPPORTED, what);
		assert_int_equal(txf_matmul_explain(test_ctx, 8, 5, 6, TXF_F32, &k.o, &ch),
		                 TXF_ERR_TILE_UNSUPPORTED);
	} else {
		fprintf(stderr,
		        "note: the device runs %zu work-items per group; no larger "
		        "forced work-group to try\n",
		        prof.max_work_group_size);
	}
	/* Work-items that fit one group but not the most K groups of them. */
	const unsigned max_kgroups = (unsigned)mparam_max("kgroups");
	d /= 2;
	if ((size_t)d * d * max_kgroups > prof.max_work_group_size && d >= 2) {
		k = call_new(&f);
		mparams many = {d, d, d, d, d, 1, 1, 0, 0, 0, max_kgroups, 0, 0};
		mparams_put(&k.o, &many);
		char what[128];
		snprintf(what, sizeof what, "%u x %u x %u work-items, the device runs %zu", d, d,
		         max_kgroups, prof.max_work_group_size);
		expect(&f, &k, TXF_ERR_TILE_UNSUPPORTED, what);
		assert_non_null(strstr(txf_last_error(), "work-group is larger"));
	}
	/* 512 x 512 x 512 blocks of f64 need 4 MiB of local memory. */
	const mparams huge = {512, 512, 512, 8, 8, 1, 1, 0, 0, 0, 0, 0, 0};
	if ((cl_ulong)512 * 1024 * 8 > prof.local_mem_size) {
		txf_matmul_options o = mm_opts(TXF_STRATEGY_PAD, &huge);
		assert_int_equal(txf_matmul_explain(test_ctx, 8, 5, 6, TXF_F64, &o, &ch),
		                 TXF_ERR_TILE_UNSUPPORTED);
		if (has_fp64()) {
			k = call_new(&f);
			txf_matrix a = f.a.m, b = f.b.m, c = f.c.m;
			a.dtype = b.dtype = c.dtype = TXF_F64;
			a.offset = b.offset = c.offset = 0;
			k.a = &a;
			k.b = &b;
			k.c = &c;
			mparams_put(&k.o, &huge);
			expect(&f, &k, TXF_ERR_TILE_UNSUPPORTED,
			       "f64 blocks 512 x 512 x 512 in local memory");
		}
	}

	/* Wait lists. The user event is complete before any call, so that a
	 * call that wrongly enqueued work cannot hang the suite. */
	cl_int err;
	cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
	assert_non_null(user);
	assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
	cl_event with_null[2] = {user, NULL};
	k = call_new(&f);
	k.num_wait = 1;
	k.wait = NULL;
	expect(&f, &k, TXF_ERR_BAD_WAIT_LIST, "num_wait 1, NULL list");
	k.num_wait = 0;
	k.wait = &user;
	expect(&f, &k, TXF_ERR_BAD_WAIT_LIST, "num_wait 0, a list");
	k.num_wait = 2;
	k.wait = with_null;
	expect(&f, &k, TXF_ERR_BAD_WAIT_LIST, "a NULL entry in the list");
	clReleaseEvent(user);

	/* explain's own arguments. */
	assert_int_equal(txf_matmul_explain(NULL, 8, 5, 6, TXF_F32, NULL, &ch), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_matmul_explain(test_ctx, 8, 5, 6, TXF_F32, NULL, NULL),
	                 TXF_ERR_NULL_ARG);
	assert_int_equal(txf_matmul_explain(test_ctx, 8, 5, 6, TXF_I32, NULL, &ch),
	                 TXF_ERR_BAD_DTYPE);
	size_t bytes;
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 8, 5, 6, TXF_F32, NULL, NULL),
	                 TXF_ERR_NULL_ARG);
	assert_int_equal(txf_matmul_workspace_size(test_ctx, 8, 5, 6, TXF_U8, NULL, &bytes),
	                 TXF_ERR_BAD_DTYPE);
	fixture_free(&f);
}

/* float64: runs where the device has cl_khr_fp64 (the sweeps check the
 * results), is refused with TXF_ERR_FP64_UNSUPPORTED where it has not. */
static void test_fp64_support(void **state)
{
	(void)state;
	operand a = operand_new(TXF_F64, 9, 4, TXF_ROW_MAJOR, 0, 0, 0, true);
	operand b = operand_new(TXF_F64, 4, 7, TXF_ROW_MAJOR, 0, 0, 0, true);
	operand c = operand_new(TXF_F64, 9, 7, TXF_ROW_MAJOR, 0, 0, 0, true);
	fill_view_random(&a);
	fill_view_random(&b);
	fill_view_random(&c);
	upload(&a);
	upload(&b);
	upload(&c);
	cl_event ev = NULL;
	txf_status s = txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, &a.m, &b.m, 1.0, &c.m, NULL, 0,
	                          NULL, &ev);
	if (has_fp64()) {
		assert_int_equal(s, TXF_SUCCESS);
		test_wait(ev);
	} else {
		assert_int_equal(s, TXF_ERR_FP64_UNSUPPORTED);
		test_assert_image(&c.buf, c.image, 8, "f64 refused");
	}
	operand_free(&a);
	operand_free(&b);
	operand_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bad_shapes),
	    cmocka_unit_test(test_bad_operands),
	    cmocka_unit_test(test_bad_options),
	    cmocka_unit_test(test_fp64_support),
	    cmocka_unit_test(test_alpha_beta),
	    cmocka_unit_test(test_zero_sizes),
	    cmocka_unit_test(test_special_values),
	    cmocka_unit_test(test_truncate_small),
	    cmocka_unit_test(test_truncate_shrinks_open_blocks),
	    cmocka_unit_test(test_split_launches),
	    cmocka_unit_test(test_shared_buffers),
	    cmocka_unit_test(test_sub_buffers),
	    cmocka_unit_test(test_sweep_small_f32),
	    cmocka_unit_test(test_sweep_small_f64),
	    cmocka_unit_test(test_sweep_vector_f32),
	    cmocka_unit_test(test_sweep_layout_f32),
	    cmocka_unit_test(test_sweep_staged),
	    cmocka_unit_test(test_sweep_layout_f64),
	    cmocka_unit_test(test_sweep_kgroups),
	    cmocka_unit_test(test_sweep_kvec),
	    cmocka_unit_test(test_vector_fallback),
	    cmocka_unit_test(test_sweep_device_f32),
	    cmocka_unit_test(test_sweep_device_f64),
	    cmocka_unit_test(test_large),
	    cmocka_unit_test(test_blocked_stores),
	    cmocka_unit_test(test_padcopy_panels),
	    cmocka_unit_test(test_tiled_stores),
	    cmocka_unit_test(test_padcopy_workspace),
	    cmocka_unit_test(test_padcopy_skips),
	    cmocka_unit_test(test_padcopy_workspace_parts),
	    cmocka_unit_test(test_ksplit),
	    cmocka_unit_test(test_dot),
	    cmocka_unit_test(test_ksplit_workspace),
	    cmocka_unit_test(test_raster),
	    cmocka_unit_test(test_pool_queue_order),
	    cmocka_unit_test(test_padcopy_pool),
	    cmocka_unit_test(test_kernels_kept),
	    cmocka_unit_test(test_event_gate),
	    cmocka_unit_test(test_events_out_of_order),
	};
	/* TXF_TEST_FILTER: only the tests whose names match (cmocka's
	 * wildcards). */
	if (getenv("TXF_TEST_FILTER"))
		cmocka_set_test_filter(getenv("TXF_TEST_FILTER"));
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
