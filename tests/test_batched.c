/* Batches of transposes (txf_transpose_batched): every element size, each
 * way of running a batch (one launch of the flat or the tiled kernel, the
 * single matrix's kernels per matrix, the choice), shapes around the tiles'
 * edges, strides with gaps and odd ones, both layouts and views of two;
 * against the host's transpose of each matrix into a poisoned image of the
 * whole output buffer, so that gaps between the outputs and the guard bands
 * are checked too. Then bad arguments, each refused with its status and
 * nothing written. */
#include "common.h"
#include "txf_internal.h"

#include <stdlib.h>
#include <string.h>

/* One batch: shape, element type, views and strides. */
typedef struct batch_case {
	txf_dtype dtype;
	size_t rows, cols, batch;
	size_t in_pad, out_pad; /* ld = tight side + pad */
	size_t in_off, out_off; /* elements */
	size_t in_gap, out_gap; /* stride = one view's span + gap */
	txf_layout in_layout, out_layout;
	int in_stride_zero; /* in_stride 0: one input for every output */
} batch_case;

static size_t tight_ld(txf_layout l, size_t rows, size_t cols)
{
	return l == TXF_COL_MAJOR ? rows : cols;
}

static size_t span_of(txf_layout l, size_t rows, size_t cols, size_t ld)
{
	const size_t prow = l == TXF_COL_MAJOR ? cols : rows,
	             pcol = l == TXF_COL_MAJOR ? rows : cols;
	return prow && pcol ? (prow - 1) * ld + pcol : 0;
}

/* Run one case with the options given and check every byte of the output
 * buffer; the input buffer is checked unchanged. */
static void run_case(const batch_case *k, const txf_transpose_options *opts, const char *what)
{
	const size_t elem = txf_dtype_size(k->dtype);
	const size_t in_ld = tight_ld(k->in_layout, k->rows, k->cols) + k->in_pad;
	const size_t out_ld = tight_ld(k->out_layout, k->cols, k->rows) + k->out_pad;
	const size_t in_span = span_of(k->in_layout, k->rows, k->cols, in_ld);
	const size_t out_span = span_of(k->out_layout, k->cols, k->rows, out_ld);
	const size_t in_stride = k->in_stride_zero ? 0 : in_span + k->in_gap;
	const size_t out_stride = out_span + k->out_gap;
	const size_t n = k->batch ? k->batch : 1;
	const size_t in_elems = k->in_off + (n - 1) * in_stride + in_span;
	const size_t out_elems = k->out_off + (n - 1) * out_stride + out_span;
	test_buffer bi = test_buffer_new(in_elems * elem + 1);
	test_buffer bo = test_buffer_new(out_elems * elem + 1);
	unsigned char *host_in = malloc(in_elems * elem + 1);
	assert_non_null(host_in);
	test_fill_random(host_in, in_elems * elem + 1);
	test_buffer_upload(&bi, 0, host_in, in_elems * elem + 1);
	unsigned char *want_in = test_buffer_download_all(&bi);
	unsigned char *want = test_image_poisoned(&bo);
	for (size_t b = 0; b < k->batch; b++)
		test_host_transpose(host_in + (k->in_off + b * in_stride) * elem, k->in_layout,
		                    in_ld, 0,
		                    want + GUARD_BYTES + (k->out_off + b * out_stride) * elem,
		                    k->out_layout, out_ld, 0, k->rows, k->cols, elem);
	txf_matrix in = test_view(&bi, k->dtype, k->rows, k->cols, in_ld, k->in_off, k->in_layout);
	txf_matrix out =
	    test_view(&bo, k->dtype, k->cols, k->rows, out_ld, k->out_off, k->out_layout);
	cl_event ev = NULL;
	txf_status s = txf_transpose_batched(test_ctx, &in, in_stride, &out, out_stride, k->batch,
	                                     opts, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s %zu x %zu batch %zu: %s: %s", what, txf_dtype_name(k->dtype),
		         k->rows, k->cols, k->batch, txf_status_name(s), txf_last_error());
	test_wait(ev);
	char label[160];
	snprintf(label, sizeof label, "%s: %s %zu x %zu, batch %zu, ld %zu/%zu, strides %zu/%zu",
	         what, txf_dtype_name(k->dtype), k->rows, k->cols, k->batch, in_ld, out_ld,
	         in_stride, out_stride);
	test_assert_image(&bo, want, elem, label);
	test_assert_image(&bi, want_in, elem, label);
	free(want);
	free(want_in);
	free(host_in);
	test_buffer_free(&bi);
	test_buffer_free(&bo);
}

/* The test device's profile as an NVIDIA GPU's (the choices for GPUs, run
 * on POCL), and back; returns the profile it had. */
static txf_device_profile dress_as_gpu(void)
{
	const txf_device_profile had = test_ctx->profile;
	test_ctx->profile.vendor = TXF_VENDOR_NVIDIA;
	test_ctx->profile.kind = TXF_DEVICE_GPU;
	txf__memo_forget(test_ctx);
	return had;
}

static void undress(const txf_device_profile *had)
{
	test_ctx->profile = *had;
	txf__memo_forget(test_ctx);
}

/* The ways to run a batch, as options. */
enum { MODE_AUTO, MODE_FLAT, MODE_TILED8, MODE_TILED16, MODE_PER_MATRIX, MODE_COUNT };
static const char *const mode_names[MODE_COUNT] = {"auto", "flat (batched 1, simple)",
                                                   "tiled 8 (batched 1, pad)",
                                                   "tiled 16 (batched 1, pad)", "batched 2"};

static void mode_options(int mode, txf_transpose_options *o)
{
	txf_transpose_options_default(o);
	switch (mode) {
	case MODE_FLAT:
		o->strategy = TXF_STRATEGY_SIMPLE;
		test_topt(o, "batched", 1);
		break;
	case MODE_TILED8:
	case MODE_TILED16:
		o->strategy = TXF_STRATEGY_PAD;
		o->tile = mode == MODE_TILED8 ? 8 : 16;
		test_topt(o, "batched", 1);
		break;
	case MODE_PER_MATRIX:
		test_topt(o, "batched", 2);
		break;
	default:
		break;
	}
}

static const txf_dtype every_size[] = {TXF_U8, TXF_F16, TXF_F32, TXF_F64, TXF_C128};

/* Shapes around the tiles' edges (8, 16) and tiny ones. */
static const size_t shapes[][2] = {{1, 1},  {1, 7},   {3, 5},   {7, 9},  {8, 8},
                                   {9, 17}, {16, 16}, {17, 33}, {31, 2}, {40, 3}};

static void each_size_each_mode(void **state)
{
	(void)state;
	for (size_t t = 0; t < sizeof every_size / sizeof *every_size; t++)
		for (int mode = 0; mode < MODE_COUNT; mode++) {
			txf_transpose_options o;
			mode_options(mode, &o);
			for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
				batch_case k = {every_size[t],
				                shapes[i][0],
				                shapes[i][1],
				                5 + i % 3,
				                i % 2,
				                i % 3,
				                i % 4,
				                (i + 1) % 5,
				                i % 3 ? 3 : 0,
				                i % 2 ? 1 : 0,
				                TXF_ROW_MAJOR,
				                TXF_ROW_MAJOR,
				                0};
				run_case(&k, &o, mode_names[mode]);
			}
		}
}

/* Column-major views, views of two layouts (a strided copy), one input for
 * every output, a long batch of tiny matrices and a batch of one. */
static void layouts_and_strides(void **state)
{
	(void)state;
	for (int mode = 0; mode < MODE_COUNT; mode++) {
		txf_transpose_options o;
		mode_options(mode, &o);
		const batch_case cases[] = {
		    {TXF_F32, 9, 17, 4, 2, 1, 3, 0, 5, 2, TXF_COL_MAJOR, TXF_COL_MAJOR, 0},
		    {TXF_U16, 5, 12, 3, 0, 0, 0, 0, 0, 0, TXF_COL_MAJOR, TXF_COL_MAJOR, 0},
		    {TXF_F32, 6, 13, 3, 0, 0, 0, 0, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 1},
		    {TXF_U8, 2, 3, 2000, 0, 0, 0, 0, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
		    {TXF_F64, 33, 18, 1, 1, 2, 1, 1, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
		};
		for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
			run_case(&cases[i], &o, mode_names[mode]);
	}
	/* Views of two layouts: one strided copy whatever the options ask. */
	const batch_case copies[] = {
	    {TXF_F32, 7, 10, 3, 1, 2, 1, 0, 2, 1, TXF_ROW_MAJOR, TXF_COL_MAJOR, 0},
	    {TXF_U8, 17, 5, 4, 0, 3, 0, 2, 0, 3, TXF_COL_MAJOR, TXF_ROW_MAJOR, 0},
	};
	for (size_t i = 0; i < sizeof copies / sizeof *copies; i++)
		for (int mode = 0; mode < MODE_COUNT; mode++) {
			txf_transpose_options o;
			mode_options(mode, &o);
			run_case(&copies[i], &o, mode_names[mode]);
		}
}

/* Larger matrices: auto runs each one's own kernels (the streaming or
 * skinny ones on CPUs), batched 1 the batched kernels. */
static void larger_matrices(void **state)
{
	(void)state;
	const batch_case cases[] = {
	    {TXF_F32, 700, 801, 3, 0, 0, 0, 0, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
	    {TXF_U8, 1500, 1203, 2, 0, 0, 3, 0, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
	    {TXF_F64, 3, 90000, 3, 0, 0, 0, 0, 1, 1, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
	    {TXF_F32, 3000, 12, 2, 0, 1, 0, 0, 0, 0, TXF_COL_MAJOR, TXF_COL_MAJOR, 0},
	    {TXF_U16, 300, 500, 2, 1, 0, 0, 0, 3, 0, TXF_COL_MAJOR, TXF_COL_MAJOR, 0},
	};
	for (int mode = 0; mode < MODE_COUNT; mode++) {
		txf_transpose_options o;
		mode_options(mode, &o);
		for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
			run_case(&cases[i], &o, mode_names[mode]);
	}
}

/* What the choice says: one launch for small matrices, per matrix for large
 * ones and for a batch of one, the forced ways as asked. */
static void explain_choices(void **state)
{
	(void)state;
	txf_choice c;
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 8, 8, 1000, TXF_F32, NULL, &c),
	                 TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "batched"), 1);
	assert_int_equal(c.launches, 1);
	assert_non_null(strstr(c.why, "one launch"));
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 4096, 4096, 4, TXF_F32, NULL, &c),
	                 TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "batched"), 2);
	assert_true(c.launches >= 4);
	assert_non_null(strstr(c.why, "once per matrix"));
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 8, 8, 1, TXF_F32, NULL, &c),
	                 TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "batched"), 2);
	assert_int_equal(c.launches, 1);
	/* A single matrix's choice has no batch. */
	assert_int_equal(txf_transpose_explain(test_ctx, 8, 8, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "batched"), 0);
	txf_transpose_options o;
	mode_options(MODE_TILED16, &o);
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 3, 3, 10, TXF_U8, &o, &c),
	                 TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(c.tile, 16);
	assert_int_equal(c.strategy_source, TXF_SOURCE_FORCED);
	mode_options(MODE_PER_MATRIX, &o);
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 3, 3, 10, TXF_U8, &o, &c),
	                 TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "batched"), 2);
	assert_int_equal(c.launches % 10, 0);
}

/* Bad arguments: each status, its message, and nothing written. */
static void expect_refused(const txf_matrix *in, size_t in_stride, const txf_matrix *out,
                           size_t out_stride, size_t batch, const txf_transpose_options *o,
                           txf_status want, const char *words, test_buffer *bo)
{
	unsigned char *before = test_buffer_download_all(bo);
	cl_event ev = NULL;
	txf_status s =
	    txf_transpose_batched(test_ctx, in, in_stride, out, out_stride, batch, o, 0, NULL, &ev);
	if (s != want)
		fail_msg("expected %s, got %s: %s", txf_status_name(want), txf_status_name(s),
		         txf_last_error());
	assert_null(ev);
	if (words && !strstr(txf_last_error(), words))
		fail_msg("message \"%s\" does not say \"%s\"", txf_last_error(), words);
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(bo, before, 1, "a refused batch");
	free(before);
}

static void bad_arguments(void **state)
{
	(void)state;
	test_buffer bi = test_buffer_new(4096), bo = test_buffer_new(4096);
	unsigned char fill[4096];
	test_fill_random(fill, sizeof fill);
	test_buffer_upload(&bi, 0, fill, sizeof fill);
	txf_matrix in = test_view(&bi, TXF_F32, 4, 5, 5, 0, TXF_ROW_MAJOR);
	txf_matrix out = test_view(&bo, TXF_F32, 5, 4, 4, 0, TXF_ROW_MAJOR);
	/* Outputs on each other: stride 0, and a stride inside one output. */
	expect_refused(&in, 20, &out, 0, 2, NULL, TXF_ERR_OVERLAP, "outputs 0 and 1", &bo);
	expect_refused(&in, 20, &out, 19, 3, NULL, TXF_ERR_OVERLAP, "outputs 0 and 1", &bo);
	/* Rows of the outputs side by side within one ld are apart. */
	txf_matrix wide = test_view(&bo, TXF_F32, 5, 4, 12, 0, TXF_ROW_MAJOR);
	cl_event ev = NULL;
	assert_int_equal(txf_transpose_batched(test_ctx, &in, 20, &wide, 4, 3, NULL, 0, NULL, &ev),
	                 TXF_SUCCESS);
	test_wait(ev);
	/* ... but not four of them in 12 columns. */
	expect_refused(&in, 20, &wide, 3, 4, NULL, TXF_ERR_OVERLAP, "outputs 0 and 1", &bo);
	/* The last matrix past the buffer's end, in and out. */
	expect_refused(&in, 20, &out, 20, 60, NULL, TXF_ERR_OUT_OF_BOUNDS, "batch's last", &bo);
	expect_refused(&in, 0, &out, 20, 60, NULL, TXF_ERR_OUT_OF_BOUNDS, "out (the batch's last",
	               &bo);
	/* Strides that overflow. */
	expect_refused(&in, (size_t)-1 / 2, &out, 20, 4, NULL, TXF_ERR_SIZE_OVERFLOW, "overflow",
	               &bo);
	/* Inputs and outputs meeting in one buffer. */
	txf_matrix in2 = test_view(&bo, TXF_F32, 4, 5, 5, 0, TXF_ROW_MAJOR);
	txf_matrix out2 = test_view(&bo, TXF_F32, 5, 4, 4, 100, TXF_ROW_MAJOR);
	expect_refused(&in2, 40, &out2, 20, 4, NULL, TXF_ERR_OVERLAP, "meet its inputs", &bo);
	/* Types and shapes. */
	txf_matrix out_u = test_view(&bo, TXF_U32, 5, 4, 4, 0, TXF_ROW_MAJOR);
	expect_refused(&in, 20, &out_u, 20, 2, NULL, TXF_ERR_DTYPE_MISMATCH, NULL, &bo);
	txf_matrix out_s = test_view(&bo, TXF_F32, 4, 5, 5, 0, TXF_ROW_MAJOR);
	expect_refused(&in, 20, &out_s, 20, 2, NULL, TXF_ERR_SHAPE_MISMATCH, "must be 5 x 4", &bo);
	expect_refused(NULL, 20, &out, 20, 2, NULL, TXF_ERR_NULL_ARG, NULL, &bo);
	/* Options that a batch in one launch does not run. */
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	test_topt(&o, "batched", 1);
	o.strategy = TXF_STRATEGY_TRUNCATE;
	expect_refused(&in, 20, &out, 20, 2, &o, TXF_ERR_STRATEGY_NOT_APPLICABLE, "simple or pad",
	               &bo);
	txf_transpose_options_default(&o);
	test_topt(&o, "batched", 1);
	test_topt(&o, "stream", 1);
	expect_refused(&in, 20, &out, 20, 2, &o, TXF_ERR_STRATEGY_NOT_APPLICABLE, "stream", &bo);
	assert_int_equal(txf_transpose_options_set(&o, "batched", 3), TXF_ERR_BAD_PARAM);
	/* The parameter belongs to batches. */
	txf_transpose_options_default(&o);
	test_topt(&o, "batched", 1);
	assert_int_equal(txf_transpose(test_ctx, &in, &out, &o, 0, NULL, NULL),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	/* A batch of none, and empty matrices: the event completes. */
	assert_int_equal(txf_transpose_batched(test_ctx, &in, 20, &out, 20, 0, NULL, 0, NULL, &ev),
	                 TXF_SUCCESS);
	test_wait(ev);
	txf_matrix none_in = test_view(&bi, TXF_F32, 0, 5, 5, 0, TXF_ROW_MAJOR);
	txf_matrix none_out = test_view(&bo, TXF_F32, 5, 0, 1, 0, TXF_ROW_MAJOR);
	assert_int_equal(
	    txf_transpose_batched(test_ctx, &none_in, 7, &none_out, 7, 9, NULL, 0, NULL, &ev),
	    TXF_SUCCESS);
	test_wait(ev);
	test_buffer_free(&bi);
	test_buffer_free(&bo);
}

/* The batch waits for its wait list. */
static void waits_for_events(void **state)
{
	(void)state;
	for (int mode = 0; mode < MODE_COUNT; mode++) {
		txf_transpose_options o;
		mode_options(mode, &o);
		const size_t rows = 9, cols = 6, batch = 4, n = rows * cols * batch;
		test_buffer bi = test_buffer_new(n * 4), bo = test_buffer_new(n * 4);
		float *h = malloc(n * 4);
		assert_non_null(h);
		for (size_t i = 0; i < n; i++)
			h[i] = (float)i;
		test_buffer_upload(&bi, 0, h, n * 4);
		cl_int err;
		cl_event gate = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
		assert_int_equal(err, CL_SUCCESS);
		txf_matrix in = test_view(&bi, TXF_F32, rows, cols, cols, 0, TXF_ROW_MAJOR);
		txf_matrix out = test_view(&bo, TXF_F32, cols, rows, rows, 0, TXF_ROW_MAJOR);
		cl_event ev = NULL;
		assert_int_equal(txf_transpose_batched(test_ctx, &in, rows * cols, &out,
		                                       rows * cols, batch, &o, 1, &gate, &ev),
		                 TXF_SUCCESS);
		cl_int st = CL_COMPLETE;
		assert_int_equal(
		    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
		    CL_SUCCESS);
		assert_true(st != CL_COMPLETE);
		clSetUserEventStatus(gate, CL_COMPLETE);
		test_wait(ev);
		clReleaseEvent(gate);
		unsigned char *want = test_image_poisoned(&bo);
		for (size_t b = 0; b < batch; b++)
			test_host_transpose(h + b * rows * cols, TXF_ROW_MAJOR, cols, 0,
			                    want + GUARD_BYTES + b * rows * cols * 4, TXF_ROW_MAJOR,
			                    rows, 0, rows, cols, 4);
		test_assert_image(&bo, want, 4, mode_names[mode]);
		free(want);
		free(h);
		test_buffer_free(&bi);
		test_buffer_free(&bo);
	}
}

/* On a GPU the flat kernel runs one work-item per element (on CPUs, whole
 * matrices per work-item) and auto takes the tiled kernel from a side of
 * 8: the test device dressed as an NVIDIA GPU runs those forms. */
static void as_a_gpu(void **state)
{
	(void)state;
	const txf_device_profile saved = dress_as_gpu();
	txf_choice c;
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 3, 40, 100, TXF_F32, NULL, &c),
	                 TXF_SUCCESS);
	assert_non_null(strstr(c.why, "transpose_batched_flat, one work-item per element"));
	assert_null(strstr(c.why, "CPUs"));
	/* Tiles where rows are long and the matrix not small (over 4096
	 * elements), or where tiles of 16 fit exactly; the largest tile that
	 * covers at most 1.25 times what tiles of 16 do. */
	static const struct {
		size_t rows, cols;
		unsigned tile; /* 0: flat */
	} rule[] = {{8, 40, 0},    {24, 24, 0},   {33, 65, 0},    {17, 33, 0},
	            {16, 16, 16},  {32, 48, 16},  {64, 64, 32},   {60, 200, 32},
	            {200, 50, 32}, {33, 200, 16}, {40, 2000, 16}, {16, 4992, 16}};
	for (size_t i = 0; i < sizeof rule / sizeof *rule; i++) {
		assert_int_equal(txf_transpose_batched_explain(test_ctx, rule[i].rows, rule[i].cols,
		                                               100, TXF_F32, NULL, &c),
		                 TXF_SUCCESS);
		const bool flat = strstr(c.why, "transpose_batched_flat") != NULL;
		if (flat != !rule[i].tile || (rule[i].tile && c.tile != rule[i].tile))
			fail_msg("%zu x %zu: tile %u: %s", rule[i].rows, rule[i].cols, c.tile,
			         c.why);
	}
	for (size_t t = 0; t < sizeof every_size / sizeof *every_size; t++)
		for (int mode = 0; mode < MODE_COUNT; mode++) {
			txf_transpose_options o;
			mode_options(mode, &o);
			for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i += 2) {
				batch_case k = {every_size[t],
				                shapes[i][0],
				                shapes[i][1],
				                3 + i % 4,
				                i % 3,
				                i % 2,
				                i % 2,
				                i % 4,
				                i % 4 ? 0 : 2,
				                i % 3 ? 1 : 0,
				                TXF_ROW_MAJOR,
				                TXF_ROW_MAJOR,
				                0};
				run_case(&k, &o, mode_names[mode]);
			}
		}
	/* Tight outputs on 16 bytes: 16-byte stores, the last word of the batch
	 * cut short. */
	for (size_t t = 0; t < sizeof every_size / sizeof *every_size; t++) {
		const size_t vec = 16 / txf_dtype_size(every_size[t]);
		static const size_t tiny[][3] = {{2, 3, 1001}, {3, 5, 77}, {7, 9, 13}, {17, 33, 5}};
		for (size_t i = 0; i < sizeof tiny / sizeof *tiny; i++) {
			/* in_pad, out_pad 0; in_off i, out_off vec i; in_gap i % 2, out_gap 0 */
			batch_case k = {every_size[t],
			                tiny[i][0],
			                tiny[i][1],
			                tiny[i][2],
			                0,
			                0,
			                i,
			                vec * i,
			                i % 2,
			                0,
			                TXF_ROW_MAJOR,
			                TXF_ROW_MAJOR,
			                0};
			run_case(&k, NULL, "auto, tight outputs");
		}
	}
	/* Tiny matrices side by side in one work-group, a batch longer than
	 * the launch's second dimension, and a copy of two layouts. */
	const batch_case more[] = {
	    {TXF_U16, 2, 3, 70000, 0, 0, 0, 0, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
	    {TXF_F32, 5, 7, 300, 1, 0, 2, 1, 1, 0, TXF_ROW_MAJOR, TXF_COL_MAJOR, 0},
	    {TXF_F32, 20, 24, 66000, 0, 0, 0, 0, 0, 0, TXF_ROW_MAJOR, TXF_ROW_MAJOR, 0},
	};
	for (size_t i = 0; i < sizeof more / sizeof *more; i++)
		run_case(&more[i], NULL, "auto");
	undress(&saved);
}

/* The packed kernel's tiles (1- and 2-byte elements whose output rows all
 * start on 32-byte sectors), forced on this device and chosen by auto on it
 * dressed as a GPU: input rows on 4 elements or off them (the funnel
 * shifts), sides around the tile of 16 x 16 blocks (128 or 64 elements). */
static void packed_batches(void **state)
{
	(void)state;
	static const txf_dtype types[] = {TXF_U8, TXF_F16};
	static const size_t sides[][2] = {{64, 40},  {33, 130}, {160, 257},
	                                  {129, 64}, {32, 5},   {64, 96}};
	const txf_device_profile saved = test_ctx->profile;
	for (int gpu = 0; gpu < 2; gpu++) {
		if (gpu)
			(void)dress_as_gpu();
		for (size_t t = 0; t < 2; t++)
			for (size_t i = 0; i < sizeof sides / sizeof *sides; i++)
				for (size_t in_pad = 0; in_pad < 2; in_pad++) {
					const size_t elem = txf_dtype_size(types[t]),
					             sector = 32 / elem;
					const size_t rows = sides[i][0], cols = sides[i][1];
					const size_t out_ld = (rows + sector - 1) / sector * sector;
					const size_t out_span = (cols - 1) * out_ld + rows;
					batch_case k = {types[t],
					                rows,
					                cols,
					                3 + i % 2,
					                in_pad,
					                out_ld - rows,
					                in_pad,
					                sector,
					                in_pad,
					                (out_span + sector - 1) / sector * sector -
					                    out_span,
					                TXF_ROW_MAJOR,
					                TXF_ROW_MAJOR,
					                0};
					txf_transpose_options o;
					txf_transpose_options_default(&o);
					if (!gpu) {
						test_topt(&o, "batched", 1);
						test_topt(&o, "packed", 1);
					}
					/* Explain takes tight views: outputs on sectors where
					 * rows are a multiple of them. */
					txf_choice c;
					if (rows % sector == 0) {
						assert_int_equal(
						    txf_transpose_batched_explain(
						        test_ctx, rows, cols, 3, types[t], &o, &c),
						    TXF_SUCCESS);
						if ((!gpu || (rows >= 64 && cols >= 64)) &&
						    !strstr(c.why, "transpose_batched_packed"))
							fail_msg("%zu x %zu: %s", rows, cols,
							         c.why);
					}
					run_case(&k, gpu ? NULL : &o,
					         gpu ? "auto as a GPU" : "packed 1");
				}
	}
	undress(&saved);
	/* Outputs off sectors: refused when forced. */
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	test_topt(&o, "batched", 1);
	test_topt(&o, "packed", 1);
	txf_choice c;
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 33, 64, 3, TXF_U8, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 64, 64, 3, TXF_F32, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
}

/* The chunked kernel's tiles (1- and 2-byte elements, rows anywhere): forced
 * on this device, chosen by auto on it dressed as a GPU where output rows
 * start off sectors and both sides are 64 or more; offsets, lds and strides
 * off words and sectors, sides around the tiles (64 and 32 elements). */
static void chunked_batches(void **state)
{
	(void)state;
	static const txf_dtype types[] = {TXF_U8, TXF_U16};
	static const size_t sides[][2] = {{65, 70}, {33, 130}, {100, 257}, {130, 64}, {17, 5}};
	const txf_device_profile saved = test_ctx->profile;
	for (int gpu = 0; gpu < 2; gpu++) {
		if (gpu)
			(void)dress_as_gpu();
		for (size_t t = 0; t < 2; t++)
			for (size_t i = 0; i < sizeof sides / sizeof *sides; i++)
				for (size_t v = 0; v < 2; v++) {
					const size_t rows = sides[i][0], cols = sides[i][1];
					batch_case k = {types[t],
					                rows,
					                cols,
					                3 + i % 2,
					                v,
					                v,
					                v,
					                3 * v + 1,
					                v,
					                2 * v + 1,
					                TXF_ROW_MAJOR,
					                TXF_ROW_MAJOR,
					                0};
					txf_transpose_options o;
					txf_transpose_options_default(&o);
					if (!gpu) {
						test_topt(&o, "batched", 1);
						test_topt(&o, "packed", 2);
					}
					txf_choice c;
					assert_int_equal(
					    txf_transpose_batched_explain(test_ctx, rows, cols, 3,
					                                  types[t], &o, &c),
					    TXF_SUCCESS);
					const size_t sector = 32 / txf_dtype_size(types[t]);
					const bool want =
					    !gpu || (rows >= 64 && cols >= 64 && rows % sector);
					if (want !=
					    (strstr(c.why, "transpose_batched_chunked") != NULL))
						fail_msg("%zu x %zu: %s", rows, cols, c.why);
					run_case(&k, gpu ? NULL : &o,
					         gpu ? "auto as a GPU" : "packed 2");
				}
	}
	undress(&saved);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	test_topt(&o, "batched", 1);
	test_topt(&o, "packed", 2);
	txf_choice c;
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 64, 64, 3, TXF_F32, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	o.strategy = TXF_STRATEGY_SIMPLE;
	assert_int_equal(txf_transpose_batched_explain(test_ctx, 64, 64, 3, TXF_U8, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(each_size_each_mode),
	    cmocka_unit_test(layouts_and_strides),
	    cmocka_unit_test(larger_matrices),
	    cmocka_unit_test(explain_choices),
	    cmocka_unit_test(bad_arguments),
	    cmocka_unit_test(waits_for_events),
	    cmocka_unit_test(as_a_gpu),
	    cmocka_unit_test(packed_batches),
	    cmocka_unit_test(chunked_batches),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
