/* Every kernel variant on every element size and shape class, in one loop
 * over one table each for transpose and matmul: each variant's parameters
 * are set by name, each result is checked against the host (transposes
 * exactly; products within c K eps |A||B|) with the output poisoned and
 * guarded, and a variant that does not apply to a case must be refused by
 * explain and by the operation alike, writing nothing. Each variant must
 * run somewhere. With TXF_VARIANTS_BENCH=1 in the environment it also
 * prints each run's median time over 7 runs. */
#include "common.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_SET 8

typedef struct variant {
	const char *name;
	txf_strategy strategy;
	int in_place;
	const char *names[MAX_SET]; /* parameters set by name, NULL-terminated */
	long long values[MAX_SET];
} variant;

static const variant transpose_variants[] = {
    {"simple", TXF_STRATEGY_SIMPLE, 0, {NULL}, {0}},
    {"pad tiles", TXF_STRATEGY_PAD, 0, {"segments", "stream", NULL}, {-1, -1}},
    {"pad 8x2",
     TXF_STRATEGY_PAD,
     0,
     {"tile", "wg_rows", "segments", "stream", NULL},
     {8, 2, -1, -1}},
    {"pad 1 run", TXF_STRATEGY_PAD, 0, {"segments", "width", "stream", NULL}, {1, -1, -1}},
    {"pad 3 runs",
     TXF_STRATEGY_PAD,
     0,
     {"tile", "segments", "width", "stream", NULL},
     {16, 3, -1, -1}},
    {"pad wide",
     TXF_STRATEGY_PAD,
     0,
     {"tile", "segments", "width", "stream", NULL},
     {16, 1, 64, -1}},
    {"pad stream", TXF_STRATEGY_PAD, 0, {"stream", NULL}, {1}},
    {"pad skinny", TXF_STRATEGY_PAD, 0, {"skinny", NULL}, {1}},
    {"auto not skinny", TXF_STRATEGY_AUTO, 0, {"skinny", NULL}, {-1}},
    {"pad packed", TXF_STRATEGY_PAD, 0, {"packed", NULL}, {1}},
    {"pad packed 4x2", TXF_STRATEGY_PAD, 0, {"tile", "wg_rows", "packed", NULL}, {4, 2, 1}},
    {"truncate", TXF_STRATEGY_TRUNCATE, 0, {NULL}, {0}},
    {"truncate 8", TXF_STRATEGY_TRUNCATE, 0, {"tile", NULL}, {8}},
    {"split", TXF_STRATEGY_SPLIT, 0, {"tile", NULL}, {16}},
    {"auto", TXF_STRATEGY_AUTO, 0, {NULL}, {0}},
    {"in place simple", TXF_STRATEGY_SIMPLE, 1, {NULL}, {0}},
    {"in place 1 tile", TXF_STRATEGY_PAD, 1, {"tile", "inplace_tiles", NULL}, {16, 1}},
    {"in place 2 tiles", TXF_STRATEGY_PAD, 1, {"tile", "inplace_tiles", NULL}, {16, 2}},
};

static const txf_dtype transpose_types[] = {TXF_U8, TXF_U16, TXF_F32, TXF_F64, TXF_C128};

typedef struct shape {
	const char *class_name;
	size_t rows, cols, k;
} shape;

/* Shape classes: one element, a row, a column, tile edges, tile multiples,
 * odd, skinny both ways, square, the longest short side of the skinny
 * kernels and one past it. In-place variants take rows x rows. */
static const shape transpose_shapes[] = {
    {"tiny", 1, 1, 0},          {"row", 1, 37, 0},          {"column", 37, 1, 0},
    {"edge", 31, 33, 0},        {"tiles", 32, 64, 0},       {"odd", 67, 45, 0},
    {"skinny rows", 3, 301, 0}, {"skinny cols", 301, 3, 0}, {"square", 96, 96, 0},
    {"short 32", 32, 517, 0},   {"short 17", 1029, 17, 0},  {"short 33", 33, 200, 0},
};

static bool bench(void)
{
	const char *b = getenv("TXF_VARIANTS_BENCH");
	return b && *b && strcmp(b, "0") != 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median over 7 runs of op(ctx) in ms, from the events' profiling. */
typedef txf_status (*run_fn)(void *arg, cl_event *ev);
static double median_ms(run_fn run, void *arg)
{
	double t[7];
	for (int i = 0; i < 7; i++) {
		cl_event ev = NULL;
		if (run(arg, &ev) != TXF_SUCCESS)
			return -1;
		clWaitForEvents(1, &ev);
		cl_ulong a = 0, b = 0;
		clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
		clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
		clReleaseEvent(ev);
		t[i] = (double)(b - a) * 1e-6;
	}
	qsort(t, 7, sizeof t[0], cmp_double);
	return t[3];
}

/* --------------------------------------------------------- transposes */

typedef struct tr_run {
	const txf_matrix *in, *out;
	const txf_transpose_options *o;
	int in_place;
} tr_run;

static txf_status tr_run_once(void *arg, cl_event *ev)
{
	const tr_run *r = arg;
	return r->in_place ? txf_transpose_inplace(test_ctx, r->in, r->o, 0, NULL, ev)
	                   : txf_transpose(test_ctx, r->in, r->out, r->o, 0, NULL, ev);
}

static bool refusal(txf_status s)
{
	return s == TXF_ERR_STRATEGY_NOT_APPLICABLE || s == TXF_ERR_BAD_TILE ||
	       s == TXF_ERR_TILE_UNSUPPORTED;
}

/* One variant on one case; true when it ran (false: refused as n/a). */
static bool transpose_case(const variant *v, txf_dtype t, const shape *sh)
{
	const size_t rows = sh->rows, cols = v->in_place ? sh->rows : sh->cols;
	const size_t elem = txf_dtype_size(t), bytes = rows * cols * elem;
	char what[160];
	snprintf(what, sizeof what, "transpose %s, %s, %s %zu x %zu", v->name, txf_dtype_name(t),
	         sh->class_name, rows, cols);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = v->strategy;
	for (int i = 0; v->names[i]; i++) {
		txf_status s = txf_transpose_options_set(&o, v->names[i], v->values[i]);
		if (s != TXF_SUCCESS)
			fail_msg("%s: setting %s: %s", what, v->names[i], txf_last_error());
	}
	txf_choice ch;
	txf_status es = txf_transpose_explain(test_ctx, rows, cols, t, v->in_place, &o, &ch);
	if (es != TXF_SUCCESS && !refusal(es))
		fail_msg("%s: explain: %s (%s)", what, txf_status_name(es), txf_last_error());

	test_buffer in = test_buffer_new(bytes), out = test_buffer_new(bytes);
	unsigned char *in_img = test_image_poisoned(&in), *out_img = test_image_poisoned(&out);
	test_fill_random(in_img + GUARD_BYTES, bytes);
	test_buffer_upload(&in, 0, in_img + GUARD_BYTES, bytes);
	txf_matrix a = test_view(&in, t, rows, cols, cols, 0, TXF_ROW_MAJOR);
	txf_matrix at = test_view(&out, t, cols, rows, rows, 0, TXF_ROW_MAJOR);
	tr_run r = {&a, &at, &o, v->in_place};
	cl_event ev = NULL;
	txf_status s = tr_run_once(&r, &ev);
	if (s != es)
		fail_msg("%s: explain says %s, the operation %s (%s)", what, txf_status_name(es),
		         txf_status_name(s), txf_last_error());
	if (s == TXF_SUCCESS) {
		test_wait(ev);
		unsigned char *want = v->in_place ? in_img : out_img;
		unsigned char *src = malloc(bytes ? bytes : 1);
		assert_non_null(src);
		memcpy(src, in_img + GUARD_BYTES, bytes);
		test_host_transpose(src, TXF_ROW_MAJOR, cols, 0, want + GUARD_BYTES, TXF_ROW_MAJOR,
		                    rows, 0, rows, cols, elem);
		free(src);
		test_assert_image(v->in_place ? &in : &out, want, elem, what);
		if (bench())
			print_message("%-58s %9.4f ms\n", what, median_ms(tr_run_once, &r));
	} else {
		test_assert_image(&in, in_img, elem, what);
		test_assert_image(&out, out_img, elem, what);
	}
	free(in_img);
	free(out_img);
	test_buffer_free(&in);
	test_buffer_free(&out);
	return s == TXF_SUCCESS;
}

static void test_transpose_variants(void **state)
{
	(void)state;
	for (size_t v = 0; v < COUNT(transpose_variants); v++) {
		unsigned ran = 0;
		for (size_t t = 0; t < COUNT(transpose_types); t++)
			for (size_t s = 0; s < COUNT(transpose_shapes); s++)
				ran += transpose_case(&transpose_variants[v], transpose_types[t],
				                      &transpose_shapes[s]);
		if (!ran)
			fail_msg("transpose variant %s ran on no case", transpose_variants[v].name);
	}
}

/* ------------------------------------------------------------ matmul */

static const variant matmul_variants[] = {
    {"simple", TXF_STRATEGY_SIMPLE, 0, {NULL}, {0}},
    {"pad tiled",
     TXF_STRATEGY_PAD,
     0,
     {"mwg", "nwg", "kwg", "mdimc", "ndimc", "vwa", "vwb", NULL},
     {32, 32, 16, 8, 8, 2, 2}},
    {"pad lbuf 2 wmap 2",
     TXF_STRATEGY_PAD,
     0,
     {"mwg", "nwg", "kwg", "mdimc", "ndimc", "lbuf", "wmap", NULL},
     {32, 32, 16, 8, 8, 2, 2}},
    {"pad kgroups 2",
     TXF_STRATEGY_PAD,
     0,
     {"mwg", "nwg", "kwg", "mdimc", "ndimc", "kgroups", NULL},
     {16, 16, 8, 4, 4, 2}},
    {"pad K slices", TXF_STRATEGY_PAD, 0, {"ksplit", NULL}, {3}},
    {"pad blocked",
     TXF_STRATEGY_PAD,
     0,
     {"mwg", "nwg", "kwg", "mdimc", "ndimc", "vwa", "vwb", NULL},
     {16, 16, 32, 1, 1, 4, 4}},
    {"truncate", TXF_STRATEGY_TRUNCATE, 0, {NULL}, {0}},
    {"split", TXF_STRATEGY_SPLIT, 0, {NULL}, {0}},
    {"padcopy", TXF_STRATEGY_PADCOPY, 0, {NULL}, {0}},
    {"auto", TXF_STRATEGY_AUTO, 0, {NULL}, {0}},
};

static const shape matmul_shapes[] = {
    {"tiny", 1, 1, 1},        {"row", 1, 40, 7},      {"column", 40, 1, 7},
    {"edge", 33, 31, 17},     {"blocks", 64, 64, 64}, {"skinny m", 3, 150, 50},
    {"skinny n", 150, 3, 50}, {"long k", 9, 11, 700}, {"odd", 70, 66, 45},
};

typedef struct mm_run {
	const txf_matrix *a, *b, *c;
	const txf_matmul_options *o;
} mm_run;

static txf_status mm_run_once(void *arg, cl_event *ev)
{
	const mm_run *r = arg;
	return txf_matmul(test_ctx, TXF_OP_N, TXF_OP_N, 1.0, r->a, r->b, 0.0, r->c, r->o, 0, NULL,
	                  ev);
}

static double get_elem(const unsigned char *p, txf_dtype t, size_t i)
{
	if (t == TXF_F32) {
		float f;
		memcpy(&f, p + i * 4, 4);
		return f;
	}
	double d;
	memcpy(&d, p + i * 8, 8);
	return d;
}

static void put_elem(unsigned char *p, txf_dtype t, size_t i, double v)
{
	if (t == TXF_F32) {
		float f = (float)v;
		memcpy(p + i * 4, &f, 4);
	} else {
		memcpy(p + i * 8, &v, 8);
	}
}

static bool matmul_case(const variant *v, txf_dtype t, const shape *sh)
{
	const size_t m = sh->rows, n = sh->cols, k = sh->k, elem = txf_dtype_size(t);
	char what[160];
	snprintf(what, sizeof what, "matmul %s, %s, %s %zu x %zu x %zu", v->name, txf_dtype_name(t),
	         sh->class_name, m, n, k);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = v->strategy;
	for (int i = 0; v->names[i]; i++) {
		txf_status s = txf_matmul_options_set(&o, v->names[i], v->values[i]);
		if (s != TXF_SUCCESS)
			fail_msg("%s: setting %s: %s", what, v->names[i], txf_last_error());
	}
	txf_matmul_choice ch;
	txf_status es = txf_matmul_explain(test_ctx, m, n, k, t, &o, &ch);
	if (es != TXF_SUCCESS && !refusal(es))
		fail_msg("%s: explain: %s (%s)", what, txf_status_name(es), txf_last_error());

	test_buffer ba = test_buffer_new(m * k * elem), bb = test_buffer_new(k * n * elem);
	test_buffer bc = test_buffer_new(m * n * elem);
	unsigned char *ha = malloc(m * k * elem), *hb = malloc(k * n * elem);
	unsigned char *c_img = test_image_poisoned(&bc);
	assert_true(ha && hb);
	for (size_t i = 0; i < m * k; i++)
		put_elem(ha, t, i, (double)(test_rng_next() % 2001) / 1000.0 - 1.0);
	for (size_t i = 0; i < k * n; i++)
		put_elem(hb, t, i, (double)(test_rng_next() % 2001) / 1000.0 - 1.0);
	test_buffer_upload(&ba, 0, ha, m * k * elem);
	test_buffer_upload(&bb, 0, hb, k * n * elem);
	txf_matrix a = test_view(&ba, t, m, k, k, 0, TXF_ROW_MAJOR);
	txf_matrix b = test_view(&bb, t, k, n, n, 0, TXF_ROW_MAJOR);
	txf_matrix c = test_view(&bc, t, m, n, n, 0, TXF_ROW_MAJOR);
	mm_run r = {&a, &b, &c, &o};
	cl_event ev = NULL;
	txf_status s = mm_run_once(&r, &ev);
	if (s != es)
		fail_msg("%s: explain says %s, the operation %s (%s)", what, txf_status_name(es),
		         txf_status_name(s), txf_last_error());
	if (s == TXF_SUCCESS) {
		test_wait(ev);
		unsigned char *got = test_buffer_download_all(&bc);
		const double eps = t == TXF_F32 ? FLT_EPSILON : DBL_EPSILON;
		for (size_t i = 0; i < m; i++)
			for (size_t j = 0; j < n; j++) {
				double ref = 0, mag = 0;
				for (size_t l = 0; l < k; l++) {
					double x =
					    get_elem(ha, t, i * k + l) * get_elem(hb, t, l * n + j);
					ref += x;
					mag += fabs(x);
				}
				const size_t at = i * n + j;
				double g = get_elem(got + GUARD_BYTES, t, at);
				if (!(fabs(g - ref) <= 4.0 * (double)k * eps * mag + 1e-300))
					fail_msg("%s: C(%zu, %zu) = %.17g, reference %.17g", what,
					         i, j, g, ref);
				memcpy(got + GUARD_BYTES + at * elem,
				       c_img + GUARD_BYTES + at * elem, elem);
			}
		if (memcmp(got, c_img, bc.bytes + 2 * GUARD_BYTES) != 0)
			fail_msg("%s: bytes outside C were written", what);
		free(got);
		if (bench())
			print_message("%-58s %9.4f ms\n", what, median_ms(mm_run_once, &r));
	} else {
		test_assert_image(&bc, c_img, elem, what);
	}
	free(ha);
	free(hb);
	free(c_img);
	test_buffer_free(&ba);
	test_buffer_free(&bb);
	test_buffer_free(&bc);
	return s == TXF_SUCCESS;
}

static void test_matmul_variants(void **state)
{
	(void)state;
	txf_device_profile p;
	assert_int_equal(txf_context_profile(test_ctx, &p), TXF_SUCCESS);
	const txf_dtype types[] = {TXF_F32, TXF_F64};
	for (size_t v = 0; v < COUNT(matmul_variants); v++) {
		unsigned ran = 0;
		for (size_t t = 0; t < COUNT(types); t++) {
			if (types[t] == TXF_F64 && !p.has_fp64)
				continue;
			for (size_t s = 0; s < COUNT(matmul_shapes); s++)
				ran +=
				    matmul_case(&matmul_variants[v], types[t], &matmul_shapes[s]);
		}
		if (!ran)
			fail_msg("matmul variant %s ran on no case", matmul_variants[v].name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_transpose_variants),
	    cmocka_unit_test(test_matmul_variants),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
