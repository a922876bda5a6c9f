/* In-place transpose of square matrices: SIMPLE (element pairs), PAD and
 * AUTO (tile pairs), every tile and element size, both layouts, with ld > N
 * and offsets, against a host transpose. Everything in the buffer outside
 * the matrix (guards, the gaps of a larger ld, the offset) must be unchanged.
 * N = 4609 is where the float triangular index formula of the seeds first
 * goes wrong: the element-pair mapping must still be exact there. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const unsigned tiles[] = {8, 16, 32};
static const txf_dtype dtypes[] = {TXF_U8, TXF_U16, TXF_F32, TXF_F64, TXF_C128};

typedef struct icase {
	size_t n;
	txf_dtype dtype;
	txf_layout layout;
	size_t pad, off; /* ld = n + pad; offset in elements */
	txf_strategy strategy;
	unsigned tile, wg_rows;
	int inplace_tiles; /* forced local tiles (0: chosen) */
} icase;

static void run_inplace(const icase *c)
{
	char what[200];
	snprintf(what, sizeof what,
	         "in place %s tile %u wg_rows %u local tiles %d, %s %zu x %zu %s ld+%zu off %zu",
	         txf_strategy_name(c->strategy), c->tile, c->wg_rows, c->inplace_tiles,
	         txf_dtype_name(c->dtype), c->n, c->n, c->layout == TXF_COL_MAJOR ? "col" : "row",
	         c->pad, c->off);
	const size_t elem = txf_dtype_size(c->dtype), ld = c->n + c->pad;
	const size_t span = test_view_span(c->dtype, c->n, c->n, ld, c->off, c->layout);
	test_buffer b = test_buffer_new(span);
	unsigned char *want = test_image_poisoned(&b);
	unsigned char *host = malloc(span + 1);
	assert_non_null(host);
	/* Random bytes everywhere in the span, the gaps between rows too: a
	 * stray write there changes them. */
	test_fill_random(host, span);
	test_buffer_upload(&b, 0, host, span);
	memcpy(want + GUARD_BYTES, host, span);
	unsigned char *orig = test_image_poisoned(&b);
	memcpy(orig + GUARD_BYTES, host, span);
	test_host_transpose(host, c->layout, ld, c->off, want + GUARD_BYTES, c->layout, ld, c->off,
	                    c->n, c->n, elem);
	free(host);

	txf_matrix m = test_view(&b, c->dtype, c->n, c->n, ld, c->off, c->layout);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = c->strategy;
	o.tile = c->tile;
	o.wg_rows = c->wg_rows;
	test_topt(&o, "inplace_tiles", c->inplace_tiles);

	txf_choice ch;
	txf_status s = txf_transpose_explain(test_ctx, c->n, c->n, c->dtype, 1, &o, &ch);
	if (s == TXF_ERR_TILE_UNSUPPORTED && c->tile && c->wg_rows) {
		/* A forced tile the device cannot hold (local memory) is refused
		 * by explain and by the operation alike, which writes nothing. */
		print_message("note: %s: %s\n", what, txf_last_error());
		assert_int_equal(txf_transpose_inplace(test_ctx, &m, &o, 0, NULL, NULL),
		                 TXF_ERR_TILE_UNSUPPORTED);
		test_assert_image(&b, orig, elem, what);
		free(orig);
		free(want);
		test_buffer_free(&b);
		return;
	}
	if (s != TXF_SUCCESS)
		fail_msg("%s: explain: %s (%s)", what, txf_status_name(s), txf_last_error());
	txf_strategy want_s = c->strategy == TXF_STRATEGY_AUTO ? TXF_STRATEGY_PAD : c->strategy;
	if (ch.strategy != want_s || (c->tile && ch.tile != c->tile) ||
	    (c->wg_rows && ch.wg_rows != c->wg_rows) || ch.launches != 1)
		fail_msg("%s: explain reports %s tile %u x %u, %u launches", what,
		         txf_strategy_name(ch.strategy), ch.tile, ch.wg_rows, ch.launches);
	/* The element-pair kernel has no tiles; the tiled one reports the
	 * forced count, or the one chosen from the device's local memory. */
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(test_ctx, &prof), TXF_SUCCESS);
	const unsigned want_tiles =
	    want_s == TXF_STRATEGY_SIMPLE ? 0
	    : c->inplace_tiles            ? (unsigned)c->inplace_tiles
	    : (cl_ulong)2 * ch.tile * (ch.tile + 1) * elem <= prof.local_mem_size / 4 ? 2
	                                                                              : 1;
	const unsigned ch_tiles = (unsigned)test_cparam(&ch, "inplace_tiles");
	if (ch_tiles != want_tiles)
		fail_msg("%s: explain reports %u local tiles, expected %u", what, ch_tiles,
		         want_tiles);

	cl_event ev = NULL;
	s = txf_transpose_inplace(test_ctx, &m, &o, 0, NULL, &ev);
	if (s == TXF_ERR_TILE_UNSUPPORTED && c->tile && c->wg_rows) {
		/* A forced tile this device cannot run (its compiled kernel allows
		 * fewer work-items than T x R, say) is refused, writing nothing. */
		print_message("note: %s: %s\n", what, txf_last_error());
		test_assert_image(&b, orig, elem, what);
	} else {
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
		test_wait(ev);
		test_assert_image(&b, want, elem, what);
	}
	free(orig);
	free(want);
	test_buffer_free(&b);
}

/* N around the tiles and the tiny cases, with every strategy x tile x
 * element size; layout, padding and work-group rows rotate. */
static void test_small_sweep(void **state)
{
	(void)state;
	static const size_t sizes[] = {1, 2, 3, 31, 32, 33};
	static const txf_strategy strategies[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,
	                                          TXF_STRATEGY_AUTO};
	static const size_t pads[4][2] = {{0, 0}, {3, 0}, {0, 5}, {7, 11}};
	unsigned k = 0;
	for (size_t si = 0; si < COUNT(strategies); si++) {
		for (size_t ti = 0; ti < COUNT(tiles); ti++) {
			for (size_t di = 0; di < COUNT(dtypes); di++) {
				for (size_t ni = 0; ni < COUNT(sizes); ni++, k++) {
					const unsigned T = tiles[ti];
					const unsigned wg[] = {0, T / 4, T / 2};
					icase c = {0};
					c.n = sizes[ni];
					c.dtype = dtypes[di];
					c.layout = k % 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
					c.pad = pads[k / 2 % 4][0];
					c.off = pads[k / 2 % 4][1];
					c.strategy = strategies[si];
					c.tile = T;
					c.wg_rows = strategies[si] == TXF_STRATEGY_SIMPLE
					                ? 0
					                : wg[(k / 3) % COUNT(wg)];
					/* Both kernel forms, and the chosen one,
					 * for every strategy, tile and size. */
					c.inplace_tiles = strategies[si] == TXF_STRATEGY_SIMPLE
					                      ? 0
					                      : (int)((si + ti + di) % 3);
					run_inplace(&c);
				}
			}
		}
	}
}

/* N = 4609, where (1 + sqrt(1 + 8 t)) / 2 in float first maps a pair to the
 * wrong element, with the element-pair kernel and the tiled one. */
static void test_n4609(void **state)
{
	(void)state;
	const icase cases[] = {
	    {4609, TXF_F32, TXF_ROW_MAJOR, 3, 5, TXF_STRATEGY_SIMPLE, 0, 0, 0},
	    {4609, TXF_U8, TXF_COL_MAJOR, 1, 0, TXF_STRATEGY_SIMPLE, 16, 0, 0},
	    {4609, TXF_U8, TXF_ROW_MAJOR, 0, 7, TXF_STRATEGY_PAD, 32, 8, 1},
	};
	for (size_t i = 0; i < COUNT(cases); i++)
		run_inplace(&cases[i]);
}

/* A larger matrix with the tiled kernel, forced and chosen. */
static void test_n5000(void **state)
{
	(void)state;
	const icase cases[] = {
	    {5000, TXF_F32, TXF_ROW_MAJOR, 5, 3, TXF_STRATEGY_PAD, 16, 0, 1},
	    {5000, TXF_U8, TXF_COL_MAJOR, 0, 0, TXF_STRATEGY_AUTO, 0, 0, 0},
	};
	for (size_t i = 0; i < COUNT(cases); i++)
		run_inplace(&cases[i]);
}

/* Statuses that leave the matrix as it was: a strategy that does not apply
 * in place, and a matrix that is not square. */
static void expect_untouched(txf_status got, txf_status want, test_buffer *b,
                             const unsigned char *before, const char *what)
{
	if (got != want)
		fail_msg("%s: got %s, expected %s", what, txf_status_name(got),
		         txf_status_name(want));
	assert_true(txf_last_error()[0] != '\0');
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(b, before, 1, what);
}

static void test_rejected(void **state)
{
	(void)state;
	const size_t n = 40, span = n * (n + 2) * 4;
	test_buffer b = test_buffer_new(span);
	unsigned char *before = test_image_poisoned(&b);
	test_fill_random(before + GUARD_BYTES, span);
	test_buffer_upload(&b, 0, before + GUARD_BYTES, span);
	txf_transpose_options o;
	txf_choice ch;

	static const txf_strategy not_in_place[] = {TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_SPLIT};
	for (size_t i = 0; i < COUNT(not_in_place); i++) {
		txf_matrix m = test_view(&b, TXF_F32, n, n, n + 2, 0, TXF_ROW_MAJOR);
		txf_transpose_options_default(&o);
		o.strategy = not_in_place[i];
		cl_event ev = NULL;
		expect_untouched(txf_transpose_inplace(test_ctx, &m, &o, 0, NULL, &ev),
		                 TXF_ERR_STRATEGY_NOT_APPLICABLE, &b, before,
		                 txf_strategy_name(not_in_place[i]));
		o.tile = 8;
		expect_untouched(txf_transpose_inplace(test_ctx, &m, &o, 0, NULL, &ev),
		                 TXF_ERR_STRATEGY_NOT_APPLICABLE, &b, before,
		                 txf_strategy_name(not_in_place[i]));
		assert_int_equal(txf_transpose_explain(test_ctx, n, n, TXF_F32, 1, &o, &ch),
		                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	}

	/* Local tiles: 1 or 2, for the tiled kernel only. */
	static const struct {
		txf_strategy strategy;
		int tiles;
		txf_status want;
	} local[] = {{TXF_STRATEGY_PAD, 3, TXF_ERR_BAD_PARAM},
	             {TXF_STRATEGY_AUTO, -1, TXF_ERR_BAD_PARAM},
	             {TXF_STRATEGY_SIMPLE, 1, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	             {TXF_STRATEGY_SIMPLE, 2, TXF_ERR_STRATEGY_NOT_APPLICABLE}};
	for (size_t i = 0; i < COUNT(local); i++) {
		txf_matrix m = test_view(&b, TXF_F32, n, n, n + 2, 0, TXF_ROW_MAJOR);
		txf_transpose_options_default(&o);
		o.strategy = local[i].strategy;
		/* As a program filling the list itself would: no setter. */
		o.params[0].name = "inplace_tiles";
		o.params[0].value = local[i].tiles;
		o.num_params = 1;
		char what[64];
		snprintf(what, sizeof what, "%s with %d local tiles",
		         txf_strategy_name(local[i].strategy), local[i].tiles);
		cl_event ev = NULL;
		expect_untouched(txf_transpose_inplace(test_ctx, &m, &o, 0, NULL, &ev),
		                 local[i].want, &b, before, what);
		assert_int_equal(txf_transpose_explain(test_ctx, n, n, TXF_F32, 1, &o, &ch),
		                 local[i].want);
	}

	static const size_t shapes[][2] = {{n, n - 1}, {n - 1, n}, {1, n}, {n, 1}};
	txf_transpose_options_default(&o);
	for (size_t i = 0; i < COUNT(shapes); i++) {
		for (int lay = 0; lay < 2; lay++) {
			txf_matrix m = test_view(&b, TXF_F32, shapes[i][0], shapes[i][1], n + 2, 0,
			                         lay ? TXF_COL_MAJOR : TXF_ROW_MAJOR);
			char what[64];
			snprintf(what, sizeof what, "%zu x %zu", shapes[i][0], shapes[i][1]);
			cl_event ev = NULL;
			expect_untouched(txf_transpose_inplace(test_ctx, &m, &o, 0, NULL, &ev),
			                 TXF_ERR_NOT_SQUARE, &b, before, what);
		}
		assert_int_equal(txf_transpose_explain(test_ctx, shapes[i][0], shapes[i][1],
		                                       TXF_F32, 1, &o, &ch),
		                 TXF_ERR_NOT_SQUARE);
	}
	free(before);
	test_buffer_free(&b);
}

/* The large tiles with each kernel form: one local tile keeps T / R
 * elements of the pair's second tile per work-item in registers (64 of
 * them with 128 x 2 work-groups). N below, at and above multiples of the
 * tile, several tile rows. */
static void test_large_tiles(void **state)
{
	(void)state;
	const icase cases[] = {
	    {200, TXF_F32, TXF_ROW_MAJOR, 1, 2, TXF_STRATEGY_PAD, 64, 4, 1},
	    {192, TXF_F32, TXF_COL_MAJOR, 0, 0, TXF_STRATEGY_PAD, 64, 4, 2},
	    {129, TXF_U8, TXF_ROW_MAJOR, 3, 1, TXF_STRATEGY_AUTO, 64, 0, 1},
	    {127, TXF_F64, TXF_ROW_MAJOR, 0, 5, TXF_STRATEGY_AUTO, 64, 8, 1},
	    {300, TXF_U16, TXF_COL_MAJOR, 2, 0, TXF_STRATEGY_PAD, 128, 2, 1},
	    {257, TXF_C128, TXF_ROW_MAJOR, 0, 0, TXF_STRATEGY_PAD, 128, 4, 1},
	    {256, TXF_F32, TXF_ROW_MAJOR, 4, 4, TXF_STRATEGY_PAD, 128, 2, 2},
	};
	for (size_t i = 0; i < COUNT(cases); i++)
		run_inplace(&cases[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rejected),    cmocka_unit_test(test_small_sweep),
	    cmocka_unit_test(test_n4609),       cmocka_unit_test(test_n5000),
	    cmocka_unit_test(test_large_tiles),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
