/* Out-of-place transpose: every strategy, tile, work-group shape and element
 * size, on shapes around the tile edges and on the listed odd and large
 * shapes, against a host transpose of random bytes. Outputs start poisoned;
 * every byte of the output buffer outside the view (guard bands, the gaps a
 * larger ld leaves, the offset) must still hold the poison afterwards, and
 * the input must be unchanged. */
#include "common.h"
#include "txf_internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const txf_strategy strategies[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,
                                          TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_SPLIT,
                                          TXF_STRATEGY_AUTO};
static const unsigned tiles[] = {8, 16, 32};
/* One type of each element size: 1, 2, 4, 8 and 16 bytes. */
static const txf_dtype dtypes[] = {TXF_U8, TXF_U16, TXF_F32, TXF_F64, TXF_C128};

typedef struct tcase {
	size_t rows, cols; /* of the input; the output is cols x rows */
	txf_dtype dtype;
	txf_layout in_layout, out_layout;
	size_t in_pad, in_off; /* ld beyond the smallest valid one; offset (elements) */
	size_t out_pad, out_off;
	txf_strategy strategy;
	unsigned tile, wg_rows; /* 0: the library chooses */
	int segments;           /* output-aligned runs: 0 chosen, -1 never, 1..8 */
	int width;              /* their input columns per work-group: 0 chosen, -1 one tile */
	int stream;             /* the streaming kernel: 0 chosen, -1 never, 1 always */
	int stores;             /* its stores: 0 chosen, -1 ordinary, 1 non-temporal */
	int cache_hints;        /* the wide kernel's: 0 chosen, -1 never */
	int skinny;             /* the skinny kernels: 0 chosen, -1 never, 1 always */
	int packed;             /* the packed (1) or chunked (2) kernel: 0 chosen, -1 never */
} tcase;

static size_t min_ld(txf_layout l, size_t rows, size_t cols)
{
	return l == TXF_COL_MAJOR ? rows : cols;
}

/* Kernels a strategy runs on a physical (row-major) rows x cols input: one,
 * except SPLIT, which runs one per non-empty part: the main section of whole
 * tiles, the bottom band under it and the right band (corner included). */
static unsigned expected_launches(txf_strategy s, size_t rows, size_t cols, unsigned tile)
{
	if (rows == 0 || cols == 0)
		return 0;
	if (s != TXF_STRATEGY_SPLIT)
		return 1;
	size_t rows_main = rows / tile * tile, cols_main = cols / tile * tile;
	unsigned n = 0;
	n += rows_main > 0 && cols_main > 0;
	n += rows_main < rows && cols_main > 0;
	n += cols_main < cols;
	return n;
}

static void describe(const tcase *c, char *buf, size_t n)
{
	snprintf(
	    buf, n,
	    "%s tile %u wg_rows %u segments %d width %d stream %d packed %d, %s %zu x %zu, in %s "
	    "ld+%zu off %zu, out %s ld+%zu off %zu",
	    txf_strategy_name(c->strategy), c->tile, c->wg_rows, c->segments, c->width, c->stream,
	    c->packed, txf_dtype_name(c->dtype), c->rows, c->cols,
	    c->in_layout == TXF_COL_MAJOR ? "col" : "row", c->in_pad, c->in_off,
	    c->out_layout == TXF_COL_MAJOR ? "col" : "row", c->out_pad, c->out_off);
}

/* What explain says for a case that runs: the forced choices, a resolved
 * strategy, and for row-major operands the launch count of the strategy. */
static void check_explain(const tcase *c, const txf_transpose_options *o, const char *what)
{
	txf_choice ch;
	txf_status s = txf_transpose_explain(test_ctx, c->rows, c->cols, c->dtype, 0, o, &ch);
	if (s != TXF_SUCCESS)
		fail_msg("%s: explain failed: %s (%s)", what, txf_status_name(s), txf_last_error());
	if (c->strategy != TXF_STRATEGY_AUTO) {
		if (ch.strategy != c->strategy || ch.strategy_source != TXF_SOURCE_FORCED)
			fail_msg("%s: explain reports strategy %s (source %d)", what,
			         txf_strategy_name(ch.strategy), (int)ch.strategy_source);
	} else if (ch.strategy == TXF_STRATEGY_AUTO ||
	           (unsigned)ch.strategy >= TXF_STRATEGY_COUNT) {
		fail_msg("%s: explain left the strategy unresolved (%d)", what, (int)ch.strategy);
	}
	if (c->tile && (ch.tile != c->tile || ch.tile_source != TXF_SOURCE_FORCED))
		fail_msg("%s: explain reports tile %u (source %d)", what, ch.tile,
		         (int)ch.tile_source);
	if (!c->tile && (ch.tile < 4 || ch.tile > 128 || (ch.tile & (ch.tile - 1))))
		fail_msg("%s: explain reports tile %u", what, ch.tile);
	if (c->wg_rows && ch.wg_rows != c->wg_rows)
		fail_msg("%s: explain reports wg_rows %u", what, ch.wg_rows);
	if (ch.wg_rows == 0 || ch.wg_rows > ch.tile || ch.tile % ch.wg_rows)
		fail_msg("%s: explain reports wg_rows %u for tile %u", what, ch.wg_rows, ch.tile);
	if (ch.strategy == TXF_STRATEGY_SPLIT && (ch.launches < 1 || ch.launches > 3))
		fail_msg("%s: split with %u launches", what, ch.launches);
	const unsigned ch_segments = (unsigned)test_cparam(&ch, "segments");
	const unsigned ch_width = (unsigned)test_cparam(&ch, "width");
	const unsigned ch_cache_hints = (unsigned)test_cparam(&ch, "cache_hints");
	const unsigned ch_stream = (unsigned)test_cparam(&ch, "stream");
	const unsigned ch_skinny = (unsigned)test_cparam(&ch, "skinny");
	const unsigned ch_packed = (unsigned)test_cparam(&ch, "packed");
	if (c->skinny > 0 && (ch_skinny != 1 || ch.strategy != TXF_STRATEGY_PAD || ch_packed ||
	                      ch_stream || ch_segments || ch.launches != (c->rows && c->cols)))
		fail_msg("%s: explain reports %s, skinny %u, packed %u, stream %u, %u launches",
		         what, txf_strategy_name(ch.strategy), ch_skinny, ch_packed, ch_stream,
		         ch.launches);
	if (c->skinny < 0 && ch_skinny)
		fail_msg("%s: explain reports the skinny kernel, turned off", what);
	if (c->packed > 0 &&
	    (ch_packed != (unsigned)c->packed || ch.strategy != TXF_STRATEGY_PAD || ch_skinny ||
	     ch_stream || ch_segments || ch.launches != (c->rows && c->cols)))
		fail_msg("%s: explain reports %s, packed %u, skinny %u, stream %u, %u launches",
		         what, txf_strategy_name(ch.strategy), ch_packed, ch_skinny, ch_stream,
		         ch.launches);
	if (c->packed < 0 && ch_packed)
		fail_msg("%s: explain reports the packed kernel, turned off", what);
	if ((ch_skinny || ch_packed) && (c->tile && ch.tile != c->tile))
		fail_msg("%s: explain reports tile %u, forced %u", what, ch.tile, c->tile);
	if (ch_cache_hints && (c->cache_hints < 0 || !ch_width))
		fail_msg("%s: explain reports cache hints (asked %d, width %u)", what,
		         c->cache_hints, ch_width);
	/* explain has no layout: its count is that of a row-major input. */
	if (c->in_layout == TXF_ROW_MAJOR && c->out_layout == TXF_ROW_MAJOR) {
		unsigned want = expected_launches(ch.strategy, c->rows, c->cols, ch.tile);
		if (ch.launches != want)
			fail_msg("%s: explain reports %u launches for %s, expected %u", what,
			         ch.launches, txf_strategy_name(ch.strategy), want);
	}
	if (!ch.why || !ch.entry || ch.why[0] == '\0' || ch.entry[0] == '\0')
		fail_msg("%s: explain gives no reason or entry", what);
	if (c->segments > 0 &&
	    (ch_segments != (unsigned)c->segments || ch.strategy != TXF_STRATEGY_PAD))
		fail_msg("%s: explain reports %s with %u segments", what,
		         txf_strategy_name(ch.strategy), ch_segments);
	if ((c->segments < 0 || ch.strategy != TXF_STRATEGY_PAD) && ch_segments != 0)
		fail_msg("%s: explain reports %u segments", what, ch_segments);
	if ((c->width > 0 && ch_width != (unsigned)c->width) ||
	    ((c->width < 0 || !ch_segments) && ch_width != 0) ||
	    (ch_width && ch_width % ch.tile != 0))
		fail_msg("%s: explain reports width %u with tile %u and %u segments", what,
		         ch_width, ch.tile, ch_segments);
	const size_t elem = txf_dtype_size(c->dtype);
	if (c->stream > 0 && (ch_stream != 1 || ch.strategy != TXF_STRATEGY_PAD ||
	                      ch.tile != 64 / elem || ch.wg_rows != 1 || ch_segments != 0))
		fail_msg("%s: explain reports %s, stream %u, tile %u x %u, %u segments", what,
		         txf_strategy_name(ch.strategy), ch_stream, ch.tile, ch.wg_rows,
		         ch_segments);
	if ((c->stream < 0 || c->tile || c->wg_rows || c->segments > 0 ||
	     ch.strategy != TXF_STRATEGY_PAD) &&
	    ch_stream != 0)
		fail_msg("%s: explain reports the streaming kernel", what);
	const unsigned ch_stores = (unsigned)test_cparam(&ch, "stores");
	if ((c->stores && ch_stores != (c->stores > 0)) || (!ch_stream && ch_stores))
		fail_msg("%s: explain reports stores %u (asked %d, stream %u)", what, ch_stores,
		         c->stores, ch_stream);
}

/* Put name = value in the options' list as a program filling the struct
 * itself would, without the setter's check: the operation checks it. */
static void put_raw(txf_transpose_options *o, const char *name, long long value)
{
	assert_true(o->num_params < TXF_MAX_PARAMS);
	o->params[o->num_params].name = name;
	o->params[o->num_params].value = value;
	o->num_params++;
}

static void run_case(const tcase *c)
{
	char what[256];
	describe(c, what, sizeof what);
	const size_t elem = txf_dtype_size(c->dtype);
	const size_t in_ld = min_ld(c->in_layout, c->rows, c->cols) + c->in_pad;
	const size_t out_ld = min_ld(c->out_layout, c->cols, c->rows) + c->out_pad;
	const size_t in_span =
	    test_view_span(c->dtype, c->rows, c->cols, in_ld, c->in_off, c->in_layout);
	const size_t out_span =
	    test_view_span(c->dtype, c->cols, c->rows, out_ld, c->out_off, c->out_layout);

	test_buffer bin = test_buffer_new(in_span), bout = test_buffer_new(out_span);
	unsigned char *in_image = test_image_poisoned(&bin);
	unsigned char *out_image = test_image_poisoned(&bout);
	test_fill_random(in_image + GUARD_BYTES, in_span);
	if (in_span)
		test_buffer_upload(&bin, 0, in_image + GUARD_BYTES, in_span);
	txf_matrix in = test_view(&bin, c->dtype, c->rows, c->cols, in_ld, c->in_off, c->in_layout);
	txf_matrix out =
	    test_view(&bout, c->dtype, c->cols, c->rows, out_ld, c->out_off, c->out_layout);

	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = c->strategy;
	o.tile = c->tile;
	o.wg_rows = c->wg_rows;
	test_topt(&o, "segments", c->segments);
	test_topt(&o, "width", c->width);
	test_topt(&o, "cache_hints", c->cache_hints);
	test_topt(&o, "stream", c->stream);
	test_topt(&o, "stores", c->stores);
	test_topt(&o, "skinny", c->skinny);
	test_topt(&o, "packed", c->packed);
	/* TRUNCATE needs a tile's worth of rows and columns: a forced tile's,
	 * or, with the tile left open, the smallest tile's (4). */
	const size_t need = c->tile ? c->tile : 4;
	bool applicable =
	    c->strategy != TXF_STRATEGY_TRUNCATE || (c->rows >= need && c->cols >= need);

	cl_event ev = NULL;
	txf_status s = txf_transpose(test_ctx, &in, &out, &o, 0, NULL, &ev);
	if (!applicable) {
		if (s != TXF_ERR_STRATEGY_NOT_APPLICABLE)
			fail_msg("%s: expected TXF_ERR_STRATEGY_NOT_APPLICABLE, got %s", what,
			         txf_status_name(s));
		assert_true(txf_last_error()[0] != '\0');
		txf_choice ch;
		assert_int_equal(
		    txf_transpose_explain(test_ctx, c->rows, c->cols, c->dtype, 0, &o, &ch),
		    TXF_ERR_STRATEGY_NOT_APPLICABLE);
		assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	} else if (s == TXF_ERR_TILE_UNSUPPORTED && c->tile && c->wg_rows) {
		/* A forced tile this device cannot run (its compiled kernel allows
		 * fewer work-items than T x R, say) is refused, writing nothing:
		 * the output image stays as it was. */
		print_message("note: %s: %s\n", what, txf_last_error());
	} else {
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
		test_wait(ev);
		check_explain(c, &o, what);
		test_host_transpose(in_image + GUARD_BYTES, c->in_layout, in_ld, c->in_off,
		                    out_image + GUARD_BYTES, c->out_layout, out_ld, c->out_off,
		                    c->rows, c->cols, elem);
	}
	test_assert_image(&bout, out_image, elem, what);
	char in_what[300];
	snprintf(in_what, sizeof in_what, "%s (input)", what);
	test_assert_image(&bin, in_image, elem, in_what);

	free(in_image);
	free(out_image);
	test_buffer_free(&bin);
	test_buffer_free(&bout);
}

/* Leading-dimension slack and offsets, cycled through by the sweeps. */
static void set_padding(tcase *c, unsigned k)
{
	static const size_t pads[4][4] = {{0, 0, 0, 0}, {3, 0, 5, 0}, {0, 7, 0, 2}, {1, 9, 4, 13}};
	c->in_pad = pads[k % 4][0];
	c->in_off = pads[k % 4][1];
	c->out_pad = pads[k % 4][2];
	c->out_off = pads[k % 4][3];
}

/* Every strategy x tile x element size on six shapes around the tile:
 * smaller than a tile, one whole tile, a bottom band only, a right band only,
 * both bands and the corner over several tiles, and whole tiles only. The
 * work-group rows cycle through the default, T/4, T and T/2; layouts and
 * padding alternate so that each combination sees both layouts. */
static void test_strategy_tile_elem_sweep(void **state)
{
	(void)state;
	unsigned k = 0;
	for (size_t si = 0; si < COUNT(strategies); si++) {
		for (size_t ti = 0; ti < COUNT(tiles); ti++) {
			for (size_t di = 0; di < COUNT(dtypes); di++) {
				const size_t T = tiles[ti];
				const size_t shapes[][2] = {{T - 1, T + 1},
				                            {T, T},
				                            {T + 1, T},
				                            {2 * T, T + 3},
				                            {2 * T + 3, 3 * T + 1},
				                            {3 * T, 2 * T}};
				const unsigned wg[] = {0,
				                       (unsigned)T / 4,
				                       (unsigned)T,
				                       (unsigned)T / 2,
				                       (unsigned)T / 4,
				                       0};
				for (size_t sh = 0; sh < COUNT(shapes); sh++, k++) {
					tcase c = {0};
					c.rows = shapes[sh][0];
					c.cols = shapes[sh][1];
					c.dtype = dtypes[di];
					c.in_layout = c.out_layout =
					    k % 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
					set_padding(&c, k / 2);
					c.strategy = strategies[si];
					c.tile = tiles[ti];
					c.wg_rows = wg[sh];
					run_case(&c);
				}
			}
		}
	}
}

/* The listed shapes (1 x 1, vectors, primes, the seeds' 999 x 666, sizes
 * next to powers of two, and larger ones), each with every strategy. Tile,
 * element size, layout and padding rotate over the shapes; AUTO also runs
 * with the tile left to the library. */
static void test_listed_shapes(void **state)
{
	(void)state;
	static const size_t shapes[][2] = {{1, 1},       {1, 77},     {77, 1},    {37, 53},
	                                   {97, 89},     {999, 666},  {666, 999}, {1023, 1025},
	                                   {2048, 1000}, {1531, 2053}};
	for (size_t sh = 0; sh < COUNT(shapes); sh++) {
		for (size_t si = 0; si < COUNT(strategies); si++) {
			const size_t k = sh + si;
			tcase c = {0};
			c.rows = shapes[sh][0];
			c.cols = shapes[sh][1];
			/* The largest shapes use elements of at most 8 bytes. */
			c.dtype = dtypes[(sh * 3 + si) % (c.rows * c.cols > 1500000 ? 4 : 5)];
			c.in_layout = c.out_layout = k % 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
			set_padding(&c, (unsigned)k);
			c.strategy = strategies[si];
			c.tile = tiles[k % COUNT(tiles)];
			if (c.strategy == TXF_STRATEGY_AUTO && sh % 2)
				c.tile = 0;
			run_case(&c);
		}
	}
}

/* Input and output of different layouts: the transpose is a strided copy.
 * Both directions, every element size, with padding and offsets. */
static void test_mixed_layouts(void **state)
{
	(void)state;
	static const size_t shapes[][2] = {{1, 1}, {1, 40}, {37, 53}, {64, 32}, {999, 666}};
	unsigned k = 0;
	for (size_t sh = 0; sh < COUNT(shapes); sh++) {
		for (size_t di = 0; di < COUNT(dtypes); di++) {
			for (int dir = 0; dir < 2; dir++, k++) {
				tcase c = {0};
				c.rows = shapes[sh][0];
				c.cols = shapes[sh][1];
				c.dtype = dtypes[di];
				c.in_layout = dir ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				c.out_layout = dir ? TXF_ROW_MAJOR : TXF_COL_MAJOR;
				set_padding(&c, k);
				/* TRUNCATE is left out: on these shapes it is either
				 * not applicable (tested above) or the same copy. */
				static const txf_strategy s[] = {
				    TXF_STRATEGY_AUTO, TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,
				    TXF_STRATEGY_SPLIT};
				c.strategy = s[k % COUNT(s)];
				c.tile = tiles[k % COUNT(tiles)];
				run_case(&c);
			}
		}
	}
}

/* The device's alignment of sub-buffer origins, in bytes. */
static size_t base_align(void)
{
	cl_uint bits = 0;
	assert_int_equal(clGetDeviceInfo(txf_context_device(test_ctx),
	                                 CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL),
	                 CL_SUCCESS);
	return bits >= 8 ? bits / 8 : 1;
}

/* A transpose between two views of one buffer: in (rows x cols) and out
 * (cols x rows), with their own layouts and leading dimensions, starting at
 * elements in_at and out_at of the buffer's usable region. Each view is
 * reached through the buffer itself or, with in_sub / out_sub, through a
 * sub-buffer from the aligned byte at or before the view's start to the
 * buffer's end. */
typedef struct shared_case {
	size_t rows, cols;
	txf_dtype dtype;
	txf_layout in_layout, out_layout;
	size_t in_ld, out_ld, in_at, out_at;
	int in_sub, out_sub;
	txf_strategy strategy;
	int gated; /* wait for a user event released after the call */
} shared_case;

static cl_mem sub_buffer_at(test_buffer *b, size_t start, size_t elem, txf_matrix *m)
{
	const size_t total = b->bytes + 2 * GUARD_BYTES, align = base_align();
	const size_t origin = start / align * align;
	cl_buffer_region r = {origin, total - origin};
	cl_int err;
	cl_mem sub =
	    clCreateSubBuffer(b->mem, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	if (!sub)
		fail_msg("clCreateSubBuffer(%zu, %zu): %d", origin, total - origin, (int)err);
	m->buffer = sub;
	m->offset = (start - origin) / elem;
	return sub;
}

static void run_shared(const shared_case *c)
{
	const size_t elem = txf_dtype_size(c->dtype);
	char what[256];
	snprintf(what, sizeof what,
	         "one buffer, %s: %s %zu x %zu, in %s ld %zu at %zu%s, out %s ld %zu at %zu%s",
	         txf_strategy_name(c->strategy), txf_dtype_name(c->dtype), c->rows, c->cols,
	         c->in_layout == TXF_COL_MAJOR ? "col" : "row", c->in_ld, c->in_at,
	         c->in_sub ? " (sub-buffer)" : "", c->out_layout == TXF_COL_MAJOR ? "col" : "row",
	         c->out_ld, c->out_at, c->out_sub ? " (sub-buffer)" : "");
	const size_t in_end =
	    test_view_span(c->dtype, c->rows, c->cols, c->in_ld, c->in_at, c->in_layout);
	const size_t out_end =
	    test_view_span(c->dtype, c->cols, c->rows, c->out_ld, c->out_at, c->out_layout);
	/* Random bytes everywhere but the output's elements, which hold the
	 * poison: a stray write anywhere, an unwritten element, shows. */
	const size_t bytes = (in_end > out_end ? in_end : out_end) + 3 * elem;
	test_buffer b = test_buffer_new(bytes);
	unsigned char *image = test_image_poisoned(&b);
	test_fill_random(image + GUARD_BYTES, bytes);
	for (size_t i = 0; i < c->cols; i++)
		for (size_t j = 0; j < c->rows; j++)
			memset(image + GUARD_BYTES +
			           test_index(c->out_layout, c->out_ld, c->out_at, i, j) * elem,
			       POISON_BYTE, elem);
	test_buffer_upload(&b, 0, image + GUARD_BYTES, bytes);
	txf_matrix in = test_view(&b, c->dtype, c->rows, c->cols, c->in_ld, c->in_at, c->in_layout);
	txf_matrix out =
	    test_view(&b, c->dtype, c->cols, c->rows, c->out_ld, c->out_at, c->out_layout);
	cl_mem subs[2] = {NULL, NULL};
	if (c->in_sub)
		subs[0] = sub_buffer_at(&b, GUARD_BYTES + c->in_at * elem, elem, &in);
	if (c->out_sub)
		subs[1] = sub_buffer_at(&b, GUARD_BYTES + c->out_at * elem, elem, &out);

	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = c->strategy;
	cl_int err;
	cl_event gate = NULL, ev = NULL;
	if (c->gated) {
		gate = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
		assert_non_null(gate);
	}
	txf_status s =
	    txf_transpose(test_ctx, &in, &out, &o, gate ? 1 : 0, gate ? &gate : NULL, &ev);
	if (s != TXF_SUCCESS) {
		if (gate) {
			clSetUserEventStatus(gate, CL_COMPLETE);
			clReleaseEvent(gate);
		}
		fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
	}
	if (gate) {
		/* Held back by the wait list: nothing written yet. */
		cl_int st = CL_COMPLETE;
		assert_int_equal(
		    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
		    CL_SUCCESS);
		if (st == CL_COMPLETE)
			fail_msg("%s: complete before its wait list", what);
		clSetUserEventStatus(gate, CL_COMPLETE);
		clReleaseEvent(gate);
	}
	test_wait(ev);
	unsigned char *want = malloc(bytes + 2 * GUARD_BYTES);
	assert_non_null(want);
	memcpy(want, image, bytes + 2 * GUARD_BYTES);
	test_host_transpose(image + GUARD_BYTES, c->in_layout, c->in_ld, c->in_at,
	                    want + GUARD_BYTES, c->out_layout, c->out_ld, c->out_at, c->rows,
	                    c->cols, elem);
	test_assert_image(&b, want, elem, what);
	for (int i = 0; i < 2; i++)
		if (subs[i])
			clReleaseMemObject(subs[i]);
	free(want);
	free(image);
	test_buffer_free(&b);
}

/* Views of different layouts in one buffer, which share no element: the
 * strided copy within one buffer. Both directions, every element size, on
 * vectors, primes and a shape of several work-groups; the output after the
 * input, before it, and in the gaps of the input's rows (the same row pitch);
 * each view reached through the buffer or through sub-buffers. */
static void test_one_buffer_layouts(void **state)
{
	(void)state;
	static const size_t shapes[][2] = {{1, 1},   {1, 29},  {31, 1},
	                                   {37, 53}, {61, 17}, {131, 257}};
	static const txf_strategy sts[] = {TXF_STRATEGY_AUTO, TXF_STRATEGY_SIMPLE};
	unsigned k = 0;
	for (size_t sh = 0; sh < COUNT(shapes); sh++) {
		for (size_t di = 0; di < COUNT(dtypes); di++) {
			for (int dir = 0; dir < 2; dir++) {
				for (int place = 0; place < 3; place++) {
					for (int mode = 0; mode < 4; mode++, k++) {
						shared_case c = {0};
						c.rows = shapes[sh][0];
						c.cols = shapes[sh][1];
						c.dtype = dtypes[di];
						c.in_layout = dir ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
						c.out_layout = dir ? TXF_ROW_MAJOR : TXF_COL_MAJOR;
						/* Both views have the physical shape of in. */
						const size_t pr = dir ? c.cols : c.rows,
						             pc = dir ? c.rows : c.cols;
						const size_t span_in = (pr - 1) * (pc + 2) + pc;
						if (place == 0) {
							/* out after in, row pitches differ */
							c.in_ld = pc + 2;
							c.out_ld = pc + 5;
							c.in_at = 3;
							c.out_at = c.in_at + span_in + k % 3;
						} else if (place == 1) {
							/* out before in */
							c.in_ld = pc + 2;
							c.out_ld = pc + 7;
							c.out_at = 1;
							c.in_at = c.out_at + (pr - 1) * c.out_ld +
							          pc + k % 5;
						} else {
							/* out in the gaps of in's rows */
							c.in_ld = c.out_ld = 2 * pc + 3;
							c.in_at = k % 4;
							c.out_at = c.in_at + pc + 1 + k % 2;
						}
						c.in_sub = mode & 1;
						c.out_sub = mode >> 1;
						c.strategy = sts[k % COUNT(sts)];
						c.gated = place == 0 && mode == 3;
						run_shared(&c);
					}
				}
			}
		}
	}
}

/* PAD with output-aligned runs, forced: 1, 2, 3 and 8 runs per work-group,
 * tiles from 8 to 64, every element size, both layouts, and outputs whose
 * rows start on and off run boundaries (leading-dimension slack and
 * offsets). A run boundary is A = min(T, 32 / element bytes) elements; the
 * rows 2 S T - A and 2 S T - 1 need a last group of runs only because
 * output rows start up to A - 1 elements past a boundary. AUTO with runs
 * forced means PAD; -1 turns them off. */
static void test_output_aligned_runs(void **state)
{
	(void)state;
	static const int segs[] = {1, 2, 3, 8, -1};
	static const unsigned run_tiles[] = {8, 16, 32, 64};
	unsigned k = 0;
	for (size_t gi = 0; gi < COUNT(segs); gi++) {
		for (size_t ti = 0; ti < COUNT(run_tiles); ti++) {
			for (size_t di = 0; di < COUNT(dtypes); di++) {
				const size_t T = run_tiles[ti], elem = txf_dtype_size(dtypes[di]);
				const size_t A = 32 / elem < T ? 32 / elem : T;
				const size_t S = segs[gi] > 0 ? (size_t)segs[gi] : 1;
				const size_t shapes[][2] = {{1, 7},
				                            {T - 1, T + 1},
				                            {2 * T + 3, 3 * T + 1},
				                            {5 * T + 1, 2 * T - 1},
				                            {2 * S * T - A, T + 3},
				                            {2 * S * T - 1, 5}};
				for (size_t sh = 0; sh < COUNT(shapes); sh++, k++) {
					tcase c = {0};
					c.rows = shapes[sh][0];
					c.cols = shapes[sh][1];
					c.dtype = dtypes[di];
					c.in_layout = c.out_layout =
					    k % 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
					set_padding(&c, k / 2);
					c.strategy = k % 3 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
					if (segs[gi] < 0)
						c.strategy = TXF_STRATEGY_PAD;
					c.tile = (unsigned)T;
					c.wg_rows = (unsigned)T / (k % 2 ? 2 : 4);
					c.segments = segs[gi];
					run_case(&c);
				}
			}
		}
	}
}

/* Output-aligned runs with work-groups wider than a tile, forced: 1, 2 and 3
 * runs, tiles from 8 to 64, two element sizes each (every size in all), both
 * layouts, widths of 2, 4 and 8 tiles (the widest whose loads fit 64 per
 * work-item), on shapes
 * with one and several groups of columns, the last one partial, and the
 * rows that need a last group of runs only because output rows start past
 * a boundary. AUTO with a width forced means PAD; -1 is one tile. */
static void test_wide_runs(void **state)
{
	(void)state;
	static const int segs[] = {1, 2, 3};
	static const unsigned run_tiles[] = {8, 16, 32, 64};
	static const unsigned mults[] = {2, 4, 8};
	unsigned k = 0;
	for (size_t gi = 0; gi < COUNT(segs); gi++) {
		for (size_t ti = 0; ti < COUNT(run_tiles); ti++) {
			for (size_t di = 0; di < COUNT(dtypes); di++) {
				/* Two element sizes per runs and tile, in turn: each
				 * size meets every count of runs and most tiles. */
				if ((gi * COUNT(run_tiles) + ti + di) % COUNT(dtypes) >= 2)
					continue;
				k++;
				const size_t T = run_tiles[ti], elem = txf_dtype_size(dtypes[di]);
				const size_t A = 32 / elem < T ? 32 / elem : T,
				             S = (size_t)segs[gi];
				const unsigned R = (unsigned)T / (k % 2 ? 2 : 4);
				/* The widest of 2, 4 or 8 tiles (cycling) whose loads
				 * fit; local memory is plenty on POCL. */
				size_t W = 0;
				for (size_t m = mults[k % 3];; m /= 2) {
					W = m * T;
					if (m == 2 || ((S * T + A) * W + T * R - 1) / (T * R) <= 64)
						break;
				}
				if (((S * T + A) * W + T * R - 1) / (T * R) > 64)
					continue; /* two tiles are too many loads */
				const size_t shapes[][2] = {{1, 7},
				                            {T - 1, W + 1},
				                            {2 * T + 3, 2 * W + 5},
				                            {2 * S * T - A, W - 1},
				                            {5 * T + 1, 3 * W}};
				for (size_t sh = 0; sh < COUNT(shapes); sh++) {
					tcase c = {0};
					c.rows = shapes[sh][0];
					c.cols = shapes[sh][1];
					c.dtype = dtypes[di];
					c.in_layout = c.out_layout =
					    (k + sh) % 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
					set_padding(&c, k + (unsigned)sh);
					c.strategy =
					    (k + sh) % 3 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
					c.tile = (unsigned)T;
					c.wg_rows = R;
					c.segments = segs[gi];
					c.width = sh == 4 && gi == 0 ? -1 : (int)W;
					c.cache_hints = sh == 1 ? -1 : 0;
					run_case(&c);
				}
			}
		}
	}
}

/* The streaming kernel, forced: every element size it takes (1, 2, 4, 8
 * and 16 bytes), both layouts, PAD and AUTO, on shapes around its tile edge V =
 * 64 / element bytes (a line) and a few larger ones, with outputs whose rows
 * all start on a 64-byte line (the unshifted kernel) and outputs whose rows
 * start off it (slack in the leading dimension, offsets: the shifted
 * kernel, whose shifts are whole words and, for 1- and 2-byte elements,
 * elements within a word). The unshifted kernel's last tiles of a row or
 * column move back onto the tiles before them: in the same work-item, in
 * another's strip, where a work-item's rows hold a short last tile (259
 * rows: the host gives that work-item more lines), after whole tiles of
 * several work-items; a matrix of fewer columns than V (its own build of the
 * kernel, STREAM_NARROW), whose tiles are all cut by the last column. -1
 * turns it off. */
static void test_stream(void **state)
{
	(void)state;
	static const txf_dtype types[] = {TXF_U8,  TXF_I8,  TXF_I16, TXF_F16, TXF_F32,
	                                  TXF_I32, TXF_F64, TXF_C64, TXF_U64, TXF_C128};
	unsigned k = 0;
	for (size_t di = 0; di < COUNT(types); di++) {
		const size_t V = 64 / txf_dtype_size(types[di]);
		const size_t shapes[][2] = {{1, 1},
		                            {1, 3 * V + 1},
		                            {3 * V + 1, 1},
		                            {V - 1, V + 1},
		                            {V, V},
		                            {2 * V, V + 3},
		                            {4 * V, 3 * V},
		                            {2 * V + 3, 3 * V + 1},
		                            {5 * V - 1, 7 * V + 5},
		                            {257, 131},
		                            {259, 3 * V + 5},
		                            {512 + 2 * V + 1, V + 1},
		                            {4 * V + 3, V > 8 ? V - 7 : V - 1},
		                            {3 * V, V / 2 + 1}};
		for (size_t sh = 0; sh < COUNT(shapes); sh++) {
			for (int aligned = 0; aligned < 2; aligned++, k++) {
				tcase c = {0};
				c.rows = shapes[sh][0];
				c.cols = shapes[sh][1];
				c.dtype = types[di];
				c.in_layout = c.out_layout =
				    k % 4 >= 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				set_padding(&c, k / 2);
				if (aligned) {
					/* Output rows (of the physical, row-major view) on
					 * line boundaries: ld and offset multiples of V. */
					const size_t ld =
					    c.out_layout == TXF_COL_MAJOR ? c.cols : c.rows;
					c.out_pad = (V - ld % V) % V + (k % 3 == 0 ? V : 0);
					c.out_off = (k % 5) * V;
				}
				c.strategy = k % 3 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
				c.stream = k % 7 == 6 ? -1 : 1;
				run_case(&c);
			}
		}
	}
	/* The largest: several work-items along both dimensions, shifted and
	 * not, for each element size, with the stores the device chooses and
	 * each kind forced. On POCL's CPU devices non-temporal stores take
	 * whole aligned lines: the shifted kernel where output rows start off
	 * a line. With a few rows too (fewer than a line, one more than a
	 * line). Elsewhere there are only ordinary stores. */
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(test_ctx, &prof), TXF_SUCCESS);
	const bool pocl_cpu = prof.vendor == TXF_VENDOR_POCL && prof.kind == TXF_DEVICE_CPU;
	static const txf_dtype large[] = {TXF_C128, TXF_F64, TXF_F32, TXF_U16, TXF_U8};
	for (size_t di = 0; di < COUNT(large); di++) {
		const size_t E = txf_dtype_size(large[di]), V = 64 / E;
		const size_t bytes = E >= 4 ? 600u << 10 : 9u << 17;
		const size_t shapes[][2] = {{1024, 512},
		                            {1021, 515},
		                            {3, bytes / (3 * E) + 7},
		                            {V + 1, bytes / ((V + 1) * E) + 3},
		                            {1021, 515},
		                            {40 * V + 5, V + 7}};
		for (size_t sh = 0; sh < COUNT(shapes); sh++) {
			/* The fifth: short last tiles under output rows on lines;
			 * the sixth: several bands of tiles down each strip on
			 * the shifted kernel (1- and 2-byte elements), the last
			 * one shorter. */
			const bool aligned = sh == 0 || sh == 4;
			tcase c = {0};
			c.rows = shapes[sh][0];
			c.cols = shapes[sh][1];
			c.dtype = large[di];
			c.out_off = aligned ? 0 : 3 + di + sh;
			c.out_pad = sh == 4 ? (V - c.rows % V) % V : 0;
			c.in_off = aligned ? 0 : di;
			c.strategy = TXF_STRATEGY_PAD;
			c.stream = 1;
			for (int stores = -1; stores <= 1; stores++) {
				c.stores = stores;
				if (stores <= 0 || pocl_cpu)
					run_case(&c);
			}
		}
	}
}

/* The shifted streaming kernel with each tile's lines loaded first
 * (STREAM_STAGE), which the POCL CPU entries take for inputs of 4- and
 * 8-byte elements larger than the global memory cache: the test device's
 * cache is set to 64 KiB, so that inputs of a few hundred KiB take it
 * (1- and 2-byte ones do not). Elements of 1 to 8 bytes,
 * non-temporal stores forced, output rows off lines (offsets and slack),
 * shapes around the tile edge and over several work-items both ways; why
 * says so, and with the device's own cache (inputs under it) it does not. */
static void test_stream_staged(void **state)
{
	(void)state;
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(test_ctx, &prof), TXF_SUCCESS);
	if (prof.vendor != TXF_VENDOR_POCL || prof.kind != TXF_DEVICE_CPU)
		skip(); /* non-temporal stores are POCL's CPU devices' */
	static const txf_dtype types[] = {TXF_U8, TXF_F16, TXF_F32, TXF_F64};
	const cl_ulong cache = test_ctx->global_cache;
	unsigned k = 0;
	for (size_t di = 0; di < COUNT(types); di++) {
		const size_t E = txf_dtype_size(types[di]), V = 64 / E;
		const size_t n = (96u << 10) / E; /* elements over 64 KiB */
		/* Output rows of rows * E bytes, off lines for explain too. */
		const size_t shapes[][2] = {{V + 1, n / V},
		                            {n / V + 3, V + 1},
		                            {4 * V + 1, n / (3 * V)},
		                            {n / (5 * V) + V - 1, 5 * V},
		                            {9 * V + 7, 2 * V - 1}};
		for (size_t sh = 0; sh < COUNT(shapes); sh++, k++) {
			tcase c = {0};
			c.rows = shapes[sh][0];
			c.cols = shapes[sh][1];
			c.dtype = types[di];
			c.in_layout = c.out_layout = TXF_ROW_MAJOR;
			c.out_off = 1 + k % 3;
			c.out_pad = k % 2 ? V : 2;
			c.in_off = k % 4;
			c.in_pad = k % 3;
			c.strategy = TXF_STRATEGY_PAD;
			c.stream = 1;
			c.stores = 1;
			txf_transpose_options o;
			txf_transpose_options_default(&o);
			o.strategy = TXF_STRATEGY_PAD;
			assert_int_equal(txf_transpose_options_set(&o, "stream", 1), TXF_SUCCESS);
			assert_int_equal(txf_transpose_options_set(&o, "stores", 1), TXF_SUCCESS);
			const bool big = c.rows * c.cols * E > (64u << 10);
			for (int small = 0; small < 2; small++) {
				test_ctx->global_cache = small ? 64u << 10 : (cl_ulong)1 << 40;
				txf_choice ch;
				assert_int_equal(txf_transpose_explain(test_ctx, c.rows, c.cols,
				                                       c.dtype, 0, &o, &ch),
				                 TXF_SUCCESS);
				const bool staged = strstr(ch.why, "loaded together") != NULL;
				if (staged != (small && big && E >= 4))
					fail_msg("%s %zu x %zu, cache %s: why says %s",
					         txf_dtype_name(c.dtype), c.rows, c.cols,
					         small ? "64 KiB" : "1 TiB", ch.why);
				run_case(&c);
			}
			test_ctx->global_cache = cache;
		}
	}
}

/* The streaming kernel where a tile's rows are 4 KiB apart, so that its
 * lines crowd one L1 set: the unshifted kernel then stores 8 tiles down a
 * strip together (STREAM_DOWN: where a tile's output lines fill 16 of a
 * set, with ordinary stores of 2- to 8-byte elements or non-temporal ones
 * of 1-byte elements)
 * and, where the input's rows crowd it, the lane network of either kernel
 * loads each tile's lines first (STREAM_STAGE). On POCL's CPU devices, every element size,
 * ordinary and non-temporal stores forced: output rows 4 KiB apart as the
 * shape's own (explain's why says which tiles go together) or through
 * slack, with rows that leave tiles outside whole groups of 8 and a short
 * last tile; input rows 4 KiB apart through slack; both. */
static void test_stream_crowded(void **state)
{
	(void)state;
	txf_device_profile prof;
	assert_int_equal(txf_context_profile(test_ctx, &prof), TXF_SUCCESS);
	if (prof.vendor != TXF_VENDOR_POCL || prof.kind != TXF_DEVICE_CPU)
		skip(); /* the rule is the CPU devices' */
	static const txf_dtype types[] = {TXF_U8, TXF_I16, TXF_F32, TXF_F64, TXF_C128};
	unsigned k = 0;
	for (size_t di = 0; di < COUNT(types); di++) {
		const size_t E = txf_dtype_size(types[di]), V = 64 / E, P = 4096 / E;
		/* rows, cols, output ld, input ld (0: tight). */
		const size_t shapes[][4] = {
		    {P, V + 3, 0, 0},      {3 * V + 1, P, 0, 0},     {19 * V + 5, 2 * V + 1, P, 0},
		    {16 * V, V - 1, P, 0}, {3 * V, 2 * V + 5, 0, P}, {17 * V, 2 * V + 3, P, P}};
		for (size_t sh = 0; sh < COUNT(shapes); sh++) {
			for (int stores = -1; stores <= 1; stores += 2, k++) {
				tcase c = {0};
				c.rows = shapes[sh][0];
				c.cols = shapes[sh][1];
				c.dtype = types[di];
				c.in_layout = c.out_layout = TXF_ROW_MAJOR;
				c.out_pad = shapes[sh][2] ? shapes[sh][2] - c.rows : 0;
				c.in_pad = shapes[sh][3] ? shapes[sh][3] - c.cols : 0;
				c.in_off = k % 3;
				c.strategy = k % 2 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
				c.stream = 1;
				c.stores = stores;
				if (sh <= 1) {
					txf_transpose_options o;
					txf_transpose_options_default(&o);
					assert_int_equal(txf_transpose_options_set(&o, "stream", 1),
					                 TXF_SUCCESS);
					assert_int_equal(
					    txf_transpose_options_set(&o, "stores", stores),
					    TXF_SUCCESS);
					txf_choice ch;
					assert_int_equal(txf_transpose_explain(test_ctx, c.rows,
					                                       c.cols, c.dtype, 0,
					                                       &o, &ch),
					                 TXF_SUCCESS);
					const bool down = strstr(ch.why, "8 tiles down") != NULL;
					const bool staged =
					    strstr(ch.why, "its rows share a few cache sets") !=
					    NULL;
					/* The second: output rows off lines (the shifted
					 * kernel with non-temporal stores); input rows 4 KiB
					 * apart crowd a set 32 deep in tiles of 32 rows or
					 * more (1- and 2-byte elements), staged where the
					 * device's entry asks for it; 1-byte tiles of the
					 * unshifted kernel take the lane network only where
					 * the device's entry asks for it. */
					const bool want_down =
					    sh == 0 && (stores > 0 ? E == 1 : E == 2 || E == 4);
					const bool check_staged =
					    sh == 1 && !(E == 1 && stores < 0);
					const bool stage_rule =
					    txf__transpose_entry_for(&test_ctx->profile)
					        ->stream_stage_crowded;
					if (down != want_down ||
					    (check_staged && staged != (stage_rule && E <= 2)))
						fail_msg("%s %zu x %zu, stores %d: why says %s",
						         txf_dtype_name(c.dtype), c.rows, c.cols,
						         stores, ch.why);
				}
				run_case(&c);
			}
		}
	}
}

/* The skinny kernels, forced: every element size, both layouts, PAD and
 * AUTO, short sides 1, 3, 17 and 32 on either side, long sides around the
 * work-group (32 x 8 = 256 items, or a forced 4 x 1 or 16 x 16; on CPUs
 * runs of 1024), with and without slack and offsets; -1 turns them off. */
static void test_skinny(void **state)
{
	(void)state;
	static const size_t shorts[] = {1, 3, 17, 32};
	static const size_t longs[] = {5, 257, 1000};
	static const unsigned groups[][2] = {{0, 0}, {4, 1}, {16, 16}};
	unsigned k = 0;
	for (size_t si = 0; si < COUNT(shorts); si++) {
		for (size_t li = 0; li < COUNT(longs); li++) {
			for (int rows_short = 0; rows_short < 2; rows_short++, k++) {
				tcase c = {0};
				c.rows = rows_short ? shorts[si] : longs[li];
				c.cols = rows_short ? longs[li] : shorts[si];
				c.dtype = dtypes[k % COUNT(dtypes)];
				c.in_layout = c.out_layout =
				    k % 4 >= 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				set_padding(&c, k / 3);
				c.strategy = k % 3 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
				c.tile = groups[k % COUNT(groups)][0];
				c.wg_rows = groups[k % COUNT(groups)][1];
				c.skinny = k % 11 == 10 ? -1 : 1;
				if (c.skinny < 0 && c.strategy == TXF_STRATEGY_AUTO && !c.tile)
					c.strategy = TXF_STRATEGY_PAD;
				run_case(&c);
			}
		}
	}
	/* Left open on a device whose entry takes them (POCL's: a side of at
	 * most 32), auto chooses them. */
	txf_choice ch;
	assert_int_equal(txf_transpose_explain(test_ctx, 3, 5000, TXF_F32, 0, NULL, &ch),
	                 TXF_SUCCESS);
	assert_int_equal(test_cparam(&ch, "skinny"), 1);
	assert_int_equal(ch.strategy_source, TXF_SOURCE_DEVICE);
	assert_int_equal(txf_transpose_explain(test_ctx, 5000, 33, TXF_F32, 0, NULL, &ch),
	                 TXF_SUCCESS);
	assert_int_equal(test_cparam(&ch, "skinny"), 0);
}

/* The skinny kernels' vector blocks (CPUs; SHORT lines of 64 bytes
 * transposed with shuffles where the short side is tight): for each element
 * size, short sides that take each way of building them (1, powers of two,
 * gathers, zips of zero-padded lines; for 8-byte elements also sides past
 * a line's 8 elements; from 17 to 32, zips of 32 lines, whose output lines
 * gather from up to three zipped lines for 1- to 4-byte elements and five
 * for 8-byte ones), both ways round, with long sides of three lines
 * and a part (the part is moved element by element) and past a
 * work-item's run; tight with offsets, and once not tight. */
static void test_skinny_blocks(void **state)
{
	(void)state;
	static const struct {
		txf_dtype dtype;
		size_t shorts[12];
	} sets[] = {
	    {TXF_U8, {1, 2, 3, 7, 12, 16, 17, 20, 24, 31, 32, 0}},
	    {TXF_U16, {4, 5, 9, 10, 13, 18, 23, 32, 0}},
	    {TXF_F32, {6, 8, 11, 14, 15, 19, 27, 32, 0}},
	    {TXF_F64, {3, 5, 7, 12, 16, 17, 19, 21, 27, 29, 32, 0}},
	};
	unsigned k = 0;
	for (size_t si = 0; si < COUNT(sets); si++) {
		const size_t line = 64 / txf_dtype_size(sets[si].dtype);
		for (size_t i = 0; i < COUNT(sets[si].shorts) && sets[si].shorts[i]; i++) {
			for (int rows_short = 0; rows_short < 2; rows_short++, k++) {
				const size_t shrt = sets[si].shorts[i];
				const size_t lng = k % 5 == 4 ? 1024 + line + 3 : 3 * line + 5;
				tcase c = {0};
				c.rows = rows_short ? shrt : lng;
				c.cols = rows_short ? lng : shrt;
				c.dtype = sets[si].dtype;
				c.in_layout = c.out_layout = TXF_ROW_MAJOR;
				c.in_off = k % 3;
				c.out_off = k % 4;
				/* Not tight: the short side's rows padded. */
				if (k % 7 == 6) {
					if (rows_short)
						c.out_pad = 2;
					else
						c.in_pad = 2;
				}
				c.strategy = TXF_STRATEGY_PAD;
				c.skinny = 1;
				run_case(&c);
			}
		}
	}
}

/* The skinny kernels of GPUs, on the test device dressed as one (its kind
 * only): work-groups that stage whole short rows or columns, element by
 * element, or for elements of up to 8 bytes in 4-byte units, 1, 2 or 4 of
 * them a short row or column per work-item, where the side whose rows a
 * group covers whole is tight and starts on a unit (the other side by a
 * work-item's units at once where its rows start on multiples of them,
 * else by elements). Short sides 1 to 32, both ways round; long sides
 * within one group, past groups of 256 and 4 work-items, ending inside a
 * unit; offsets on units and off, tight and not; every element size. The
 * context is dressed back after. */
static void test_skinny_gpu(void **state)
{
	(void)state;
	static const struct {
		txf_dtype dtype;
		size_t shorts[8];
	} sets[] = {
	    {TXF_U8, {1, 2, 3, 4, 7, 16, 17, 32}},
	    {TXF_U16, {1, 2, 5, 9, 31, 32, 0}},
	    {TXF_F32, {3, 17, 0}},
	    {TXF_F64, {1, 5, 0}},
	    {TXF_C128, {2, 0}},
	};
	static const unsigned groups[][2] = {{0, 0}, {4, 1}};
	const txf_device_kind kind = test_ctx->profile.kind;
	test_ctx->profile.kind = TXF_DEVICE_GPU;
	unsigned k = 0;
	for (size_t si = 0; si < COUNT(sets); si++) {
		const size_t elem = txf_dtype_size(sets[si].dtype);
		const size_t pack = elem <= 2 ? 4 / elem : 1; /* elements per unit */
		for (size_t i = 0; i < COUNT(sets[si].shorts) && sets[si].shorts[i]; i++) {
			for (int rows_short = 0; rows_short < 2; rows_short++, k++) {
				const size_t shrt = sets[si].shorts[i];
				/* within a group; past two of 256 work-items of 16
				 * columns, ending inside a word; past many of 4 */
				const size_t longs[] = {5, 2 * 256 * 16 + 3, 37 * 16 + 1};
				const size_t lng = longs[k % 3];
				tcase c = {0};
				c.rows = rows_short ? shrt : lng;
				c.cols = rows_short ? lng : shrt;
				c.dtype = sets[si].dtype;
				c.in_layout = c.out_layout = TXF_ROW_MAJOR;
				/* The tight side on a unit or off one; the other side's
				 * rows on 16 elements (on a work-item's units), off by
				 * an offset or off by their length. */
				const size_t on = (k / 2) % 4, other = (k / 3) % 3;
				const size_t tight_off = on == 3 ? 1 : on * pack;
				const size_t other_off = other == 1,
				             other_pad = other < 2 ? 15 - (lng + 15) % 16 : 0;
				if (rows_short) {
					c.out_off = tight_off;
					c.in_off = other_off;
					c.in_pad = other_pad;
					c.out_pad = k % 7 == 6; /* not tight */
				} else {
					c.in_off = tight_off;
					c.out_off = other_off;
					c.out_pad = other_pad;
					c.in_pad = k % 7 == 6;
				}
				c.strategy = TXF_STRATEGY_PAD;
				c.skinny = 1;
				c.tile = groups[(k / 5) % 2][0];
				c.wg_rows = groups[(k / 5) % 2][1];
				run_case(&c);
			}
		}
	}
	/* The choice says which: units up to 8-byte elements. */
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	test_topt(&o, "skinny", 1);
	txf_choice ch;
	const txf_dtype types[] = {TXF_U8, TXF_U16, TXF_F32, TXF_F64, TXF_C128};
	for (size_t i = 0; i < COUNT(types); i++) {
		assert_int_equal(txf_transpose_explain(test_ctx, 3, 5000, types[i], 0, &o, &ch),
		                 TXF_SUCCESS);
		const bool words = strstr(ch.why, "moved in 4-byte words") != NULL;
		if (words != (types[i] != TXF_C128))
			fail_msg("%s: %s", txf_dtype_name(types[i]), ch.why);
	}
	test_ctx->profile.kind = kind;
}

/* The packed kernels, forced: 1- and 2-byte types, both layouts, PAD and
 * AUTO, on shapes around its blocks (8 x 8 bytes, 4 x 4 2-byte elements)
 * and tiles of 4 and 16 blocks,
 * with input rows on words and off them, and output rows on 32-byte
 * sectors and off them; -1 turns it off. */
static void test_packed(void **state)
{
	(void)state;
	static const txf_dtype types[] = {TXF_U8, TXF_F16};
	static const unsigned group_tiles[] = {0, 4, 16};
	unsigned k = 0;
	for (size_t di = 0; di < COUNT(types); di++) {
		for (size_t ti = 0; ti < COUNT(group_tiles); ti++) {
			const size_t B = types[di] == TXF_U8 ? 8 : 4;
			const size_t S = B * (group_tiles[ti] ? group_tiles[ti] : 16);
			const size_t shapes[][2] = {{3, 5},         {B, B},         {B + 1, B - 1},
			                            {S + 1, S - 1}, {2 * S + 3, S}, {S + B, 2 * B},
			                            {37, 2 * S + 6}};
			for (size_t sh = 0; sh < COUNT(shapes); sh++) {
				for (int aligned = 0; aligned < 4; aligned++, k++) {
					tcase c = {0};
					c.rows = shapes[sh][0];
					c.cols = shapes[sh][1];
					c.dtype = types[di];
					c.in_layout = c.out_layout =
					    k % 4 >= 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
					set_padding(&c, k / 2);
					/* Every row of the input's physical view on a
					 * word (bit 0: whole-word loads, else pairs
					 * funnel-shifted) and of the output's on a
					 * 32-byte sector (bit 1: transpose_packed, else
					 * transpose_packed_shifted). */
					const size_t sector = types[di] == TXF_U8 ? 32 : 16;
					const size_t ild =
					    c.in_layout == TXF_COL_MAJOR ? c.rows : c.cols;
					const size_t old =
					    c.out_layout == TXF_COL_MAJOR ? c.cols : c.rows;
					if (aligned & 1) {
						c.in_pad = (4 - ild % 4) % 4 + (k % 3 == 0 ? 4 : 0);
						c.in_off = (k % 5) * 4;
					} else if ((ild + c.in_pad) % 4 == 0 && c.in_off % 4 == 0) {
						c.in_off += 1 + k % 3;
					}
					if (aligned & 2) {
						c.out_pad = (sector - old % sector) % sector;
						c.out_off = (k % 3) * sector;
					} else if ((old + c.out_pad) % sector == 0 &&
					           c.out_off % sector == 0) {
						c.out_pad += 1 + k % 3;
					}
					c.strategy = k % 3 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
					c.tile = group_tiles[ti];
					c.wg_rows = group_tiles[ti]
					                ? group_tiles[ti] / (ti == 1 ? 1 : 2)
					                : 0;
					c.packed = k % 13 == 12 ? -1 : 1;
					c.skinny = -1;
					if (c.packed < 0)
						c.strategy = TXF_STRATEGY_PAD;
					run_case(&c);
				}
			}
		}
	}
}

/* The chunked kernel, forced: 1- and 2-byte types, both layouts, PAD and
 * AUTO, tiles of one sector (its least), 64 and 128 elements and the
 * default, on shapes around its 16-byte chunks (V elements), 32-byte
 * sectors and tiles, with every input row's start off or on a chunk and
 * every output row's off or on a sector. */
static void test_chunked(void **state)
{
	(void)state;
	static const txf_dtype types[] = {TXF_U8, TXF_F16};
	unsigned k = 0;
	for (size_t di = 0; di < COUNT(types); di++) {
		const size_t elem = txf_dtype_size(types[di]), V = 16 / elem, A = 32 / elem;
		const unsigned group_tiles[] = {0, (unsigned)A, 64, 128};
		for (size_t ti = 0; ti < COUNT(group_tiles); ti++) {
			const size_t T = group_tiles[ti] ? group_tiles[ti] : 64 / elem;
			const size_t shapes[][2] = {{1, 1},
			                            {3, V + 1},
			                            {V - 1, V},
			                            {A + 1, T - 1},
			                            {T, T},
			                            {T + 1, A - 1},
			                            {2 * T + 3, T + V + 1},
			                            {5, 2 * T + 7}};
			for (size_t sh = 0; sh < COUNT(shapes); sh++, k++) {
				tcase c = {0};
				c.rows = shapes[sh][0];
				c.cols = shapes[sh][1];
				c.dtype = types[di];
				c.in_layout = c.out_layout =
				    k % 5 == 4 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				set_padding(&c, k);
				/* Input rows on 16-byte chunks (with a whole-chunk
				 * offset) or off them; output rows on sectors or
				 * off them. */
				const size_t ild = c.in_layout == TXF_COL_MAJOR ? c.rows : c.cols;
				const size_t old = c.out_layout == TXF_COL_MAJOR ? c.cols : c.rows;
				if (k % 4 == 1) {
					c.in_pad = (V - ild % V) % V;
					c.in_off = (k % 3) * V;
				}
				if (k % 4 == 2 || k % 4 == 1) {
					c.out_pad = (A - old % A) % A;
					c.out_off = (k % 2) * A;
				}
				c.strategy = k % 3 == 2 ? TXF_STRATEGY_AUTO : TXF_STRATEGY_PAD;
				c.tile = group_tiles[ti];
				c.wg_rows = group_tiles[ti] ? (unsigned)(k % 3 == 0 ? 1 : 2) : 0;
				c.packed = 2;
				c.skinny = -1;
				run_case(&c);
			}
		}
	}
}

static void expect_refused(const char *what, size_t i, txf_dtype dtype,
                           const txf_transpose_options *o, int in_place, txf_status want,
                           const char *word);

/* Skinny and packed kernels where they cannot apply: refused before
 * anything runs, naming why. */
static void test_skinny_packed_refused(void **state)
{
	(void)state;
	static const struct {
		txf_strategy strategy;
		txf_dtype dtype;
		int skinny, packed, stream, in_place;
		unsigned tile;
		txf_status want;
		const char *word;
	} cases[] = {
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "at most 32"},
	    {TXF_STRATEGY_TRUNCATE, TXF_F32, 1, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "skinny"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 0, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE, "in place"},
	    {TXF_STRATEGY_PAD, TXF_F32, 2, 0, 0, 0, 0, TXF_ERR_BAD_PARAM, "skinny = 2"},
	    {TXF_STRATEGY_PAD, TXF_F32, 0, 1, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "1- and 2-byte"},
	    {TXF_STRATEGY_SPLIT, TXF_U8, 0, 1, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE, "packed"},
	    {TXF_STRATEGY_AUTO, TXF_U8, 0, 1, 0, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE, "in place"},
	    {TXF_STRATEGY_PAD, TXF_U8, 1, 1, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "two kernels"},
	    {TXF_STRATEGY_PAD, TXF_U16, 0, 1, 0, 0, 128, TXF_ERR_BAD_TILE, "at most 64"},
	    {TXF_STRATEGY_PAD, TXF_U16, 0, -2, 0, 0, 0, TXF_ERR_BAD_PARAM, "packed = -2"},
	    {TXF_STRATEGY_PAD, TXF_U16, 0, 3, 0, 0, 0, TXF_ERR_BAD_PARAM, "packed = 3"},
	    {TXF_STRATEGY_PAD, TXF_F64, 0, 2, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "chunked kernel (packed 2) moves 1- and 2-byte"},
	    {TXF_STRATEGY_PAD, TXF_U8, 0, 2, 0, 0, 16, TXF_ERR_BAD_TILE, "at least 32"},
	    {TXF_STRATEGY_PAD, TXF_U16, 0, 2, 0, 0, 8, TXF_ERR_BAD_TILE, "at least 16"},
	    {TXF_STRATEGY_TRUNCATE, TXF_U8, 0, 2, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "chunked"},
	    {TXF_STRATEGY_PAD, TXF_U8, 0, 2, 0, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE, "in place"},
	    {TXF_STRATEGY_PAD, TXF_U8, 0, 2, 1, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "two kernels"},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = cases[i].strategy;
		o.tile = cases[i].tile;
		put_raw(&o, "skinny", cases[i].skinny);
		put_raw(&o, "packed", cases[i].packed);
		put_raw(&o, "stream", cases[i].stream);
		expect_refused("skinny/packed", i, cases[i].dtype, &o, cases[i].in_place,
		               cases[i].want, cases[i].word);
	}
}

/* Transposes an n x n matrix of dtype (n = 37) with options o, in place or
 * not, expecting status want before anything runs: no event, a message that
 * contains `word`, explain refusing alike, and input and output untouched.
 * `what` and i name the case in a failure. */
static void expect_refused(const char *what, size_t i, txf_dtype dtype,
                           const txf_transpose_options *o, int in_place, txf_status want,
                           const char *word)
{
	const size_t n = 37, elem = txf_dtype_size(dtype);
	test_buffer bin = test_buffer_new(n * n * elem), bout = test_buffer_new(n * n * elem);
	unsigned char *in_image = test_image_poisoned(&bin);
	unsigned char *out_image = test_image_poisoned(&bout);
	txf_matrix in = test_view(&bin, dtype, n, n, n, 0, TXF_ROW_MAJOR);
	txf_matrix out = test_view(&bout, dtype, n, n, n, 0, TXF_ROW_MAJOR);
	cl_event ev = NULL;
	txf_status s = in_place ? txf_transpose_inplace(test_ctx, &out, o, 0, NULL, &ev)
	                        : txf_transpose(test_ctx, &in, &out, o, 0, NULL, &ev);
	if (s != want)
		fail_msg("%s case %zu: expected %s, got %s (%s)", what, i, txf_status_name(want),
		         txf_status_name(s), txf_last_error());
	assert_null(ev);
	if (!strstr(txf_last_error(), word))
		fail_msg("%s case %zu: message '%s' does not name %s", what, i, txf_last_error(),
		         word);
	txf_choice ch;
	assert_int_equal(txf_transpose_explain(test_ctx, n, n, dtype, in_place, o, &ch), want);
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(&bout, out_image, elem, "refused: output");
	test_assert_image(&bin, in_image, elem, "refused: input");
	free(in_image);
	free(out_image);
	test_buffer_free(&bin);
	test_buffer_free(&bout);
}

/* TRUNCATE with the tile left open on a matrix smaller than the device's
 * tile: the tile shrinks to the largest that fits, explain says so, and the
 * result is exact; below the smallest tile (4) it is refused, naming it. */
static void test_truncate_shrinks_open_tile(void **state)
{
	(void)state;
	static const size_t shapes[][2] = {{33, 31}, {17, 15}, {5, 4}, {4, 9},
	                                   {63, 70}, {3, 40},  {40, 2}};
	unsigned k = 0;
	for (size_t sh = 0; sh < COUNT(shapes); sh++) {
		for (size_t di = 0; di < COUNT(dtypes); di++, k++) {
			const size_t rows = shapes[sh][0], cols = shapes[sh][1];
			const size_t side = rows < cols ? rows : cols;
			txf_transpose_options o;
			txf_transpose_options_default(&o);
			o.strategy = TXF_STRATEGY_TRUNCATE;
			txf_choice ch;
			txf_status s =
			    txf_transpose_explain(test_ctx, rows, cols, dtypes[di], 0, &o, &ch);
			if (side < 4) {
				assert_int_equal(s, TXF_ERR_STRATEGY_NOT_APPLICABLE);
				if (!strstr(txf_last_error(), "(4, the smallest)"))
					fail_msg("%zu x %zu: %s", rows, cols, txf_last_error());
			} else {
				if (s != TXF_SUCCESS)
					fail_msg("%zu x %zu %s: %s (%s)", rows, cols,
					         txf_dtype_name(dtypes[di]), txf_status_name(s),
					         txf_last_error());
				assert_int_equal(ch.strategy, TXF_STRATEGY_TRUNCATE);
				if (ch.tile > side || 2 * ch.tile <= side || ch.wg_rows > ch.tile)
					fail_msg(
					    "%zu x %zu: tile %u x %u is not the largest that fits",
					    rows, cols, ch.tile, ch.wg_rows);
			}
			tcase c = {0};
			c.rows = rows;
			c.cols = cols;
			c.dtype = dtypes[di];
			c.in_layout = c.out_layout = k % 3 == 2 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
			set_padding(&c, k);
			c.strategy = TXF_STRATEGY_TRUNCATE;
			run_case(&c);
		}
	}
}

/* The streaming kernel where it cannot apply: refused before anything runs,
 * with a message about it. */
static void test_stream_refused(void **state)
{
	(void)state;
	struct {
		txf_strategy strategy;
		txf_dtype dtype;
		int stream, segments, in_place;
		unsigned tile, wg_rows;
		txf_status want;
	} cases[] = {
	    {TXF_STRATEGY_PAD, TXF_F32, 2, 0, 0, 0, 0, TXF_ERR_BAD_PARAM},
	    {TXF_STRATEGY_PAD, TXF_F32, -2, 0, 0, 0, 0, TXF_ERR_BAD_PARAM},
	    {TXF_STRATEGY_SIMPLE, TXF_F32, 1, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_TRUNCATE, TXF_F32, 1, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_SPLIT, TXF_F64, 1, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 1, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_AUTO, TXF_F32, 1, 0, 1, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 2, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 0, 32, 0, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_PAD, TXF_F64, 1, 0, 0, 16, 0, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_PAD, TXF_U8, 1, 0, 0, 16, 0, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_PAD, TXF_C128, 1, 0, 0, 8, 0, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_AUTO, TXF_F16, 1, 0, 0, 64, 1, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 0, 16, 4, TXF_ERR_BAD_TILE},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = cases[i].strategy;
		put_raw(&o, "stream", cases[i].stream);
		put_raw(&o, "segments", cases[i].segments);
		o.tile = cases[i].tile;
		o.wg_rows = cases[i].wg_rows;
		expect_refused("stream", i, cases[i].dtype, &o, cases[i].in_place, cases[i].want,
		               "stream");
	}
}

/* Output-aligned runs that cannot apply are refused before anything runs. */
static void test_output_aligned_runs_refused(void **state)
{
	(void)state;
	struct {
		txf_strategy strategy;
		int segments, in_place;
		txf_status want;
	} cases[] = {
	    {TXF_STRATEGY_PAD, 9, 0, TXF_ERR_BAD_PARAM},
	    {TXF_STRATEGY_PAD, -2, 0, TXF_ERR_BAD_PARAM},
	    {TXF_STRATEGY_SPLIT, 2, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_TRUNCATE, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_SIMPLE, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, 2, 1, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_AUTO, 2, 1, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = cases[i].strategy;
		put_raw(&o, "segments", cases[i].segments);
		expect_refused("segments", i, TXF_F32, &o, cases[i].in_place, cases[i].want,
		               "segments");
	}
}

/* Widths that cannot apply are refused before anything runs, with a message
 * that names the width: out of range, not a multiple of the tile or over 8
 * tiles, other strategies, in place, without runs (-1, the streaming
 * kernel, or an entry that has none: POCL's), and more loads per work-item
 * than the kernel holds. */
/* Whether the test device is an NVIDIA GPU: its entry has the wide kernel
 * and, from compute capability 8.0, its cache hints, which the cases
 * written for the other entries expect refused. */
static bool on_nvidia(void)
{
	txf_device_profile p;
	assert_int_equal(txf_context_profile(test_ctx, &p), TXF_SUCCESS);
	return p.vendor == TXF_VENDOR_NVIDIA;
}

static void test_wide_runs_refused(void **state)
{
	(void)state;
	struct {
		txf_strategy strategy;
		int segments, width, stream, in_place;
		unsigned tile, wg_rows;
		txf_status want;
	} cases[] = {
	    {TXF_STRATEGY_PAD, 1, 513, 0, 0, 0, 0, TXF_ERR_BAD_PARAM},
	    {TXF_STRATEGY_PAD, 1, -2, 0, 0, 0, 0, TXF_ERR_BAD_PARAM},
	    {TXF_STRATEGY_PAD, 1, 48, 0, 0, 32, 8, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_PAD, 1, 128, 0, 0, 8, 8, TXF_ERR_BAD_TILE},
	    {TXF_STRATEGY_SPLIT, 0, 64, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_TRUNCATE, 0, 64, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_SIMPLE, 0, 64, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, 0, 64, 0, 1, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, -1, 64, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, 0, 64, 1, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_AUTO, 0, 64, 0, 0, 32, 8, TXF_ERR_STRATEGY_NOT_APPLICABLE},
	    {TXF_STRATEGY_PAD, 8, 64, 0, 0, 8, 1, TXF_ERR_TILE_UNSUPPORTED},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		/* auto takes the NVIDIA entry's runs, which a width fits. */
		if (i == 10 && on_nvidia())
			continue;
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = cases[i].strategy;
		put_raw(&o, "segments", cases[i].segments);
		put_raw(&o, "width", cases[i].width);
		put_raw(&o, "stream", cases[i].stream);
		o.tile = cases[i].tile;
		o.wg_rows = cases[i].wg_rows;
		expect_refused("width", i, TXF_F32, &o, cases[i].in_place, cases[i].want, "width");
	}
}

/* Cache hints that cannot apply are refused before anything runs, with a
 * message that names them: out of range, other strategies, in place,
 * without runs, one tile wide, with the streaming kernel, without a wide
 * kernel (POCL's entry has none), and on this device, which is not an
 * NVIDIA GPU of compute capability 8.0 or later, whatever the width. */
static void test_cache_hints_refused(void **state)
{
	(void)state;
	struct {
		txf_strategy strategy;
		txf_dtype dtype;
		int hints, segments, width, stream, in_place;
		unsigned tile;
		txf_status want;
		const char *word;
	} cases[] = {
	    {TXF_STRATEGY_PAD, TXF_F32, 2, 1, 64, 0, 0, 32, TXF_ERR_BAD_PARAM, "cache_hints = 2"},
	    {TXF_STRATEGY_PAD, TXF_F32, -2, 0, 0, 0, 0, 0, TXF_ERR_BAD_PARAM, "cache_hints = -2"},
	    {TXF_STRATEGY_SPLIT, TXF_F32, 1, 0, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "cache hints"},
	    {TXF_STRATEGY_TRUNCATE, TXF_F32, 1, 0, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "cache hints"},
	    {TXF_STRATEGY_SIMPLE, TXF_F32, 1, 0, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "cache hints"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 0, 0, 1, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "in place"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, -1, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "segments -1"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 1, -1, 0, 0, 32, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "width -1"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 0, 0, 1, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "streaming kernel"},
	    {TXF_STRATEGY_AUTO, TXF_F32, 1, 0, 0, 0, 0, 0, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "force a width"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 1, 0, 0, 0, 32, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "force a width"},
	    {TXF_STRATEGY_PAD, TXF_F32, 1, 1, 64, 0, 0, 32, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "not an NVIDIA device"},
	    {TXF_STRATEGY_AUTO, TXF_U8, 1, 2, 128, 0, 0, 16, TXF_ERR_STRATEGY_NOT_APPLICABLE,
	     "not an NVIDIA device"},
	};
	for (size_t i = 0; i < COUNT(cases); i++) {
		/* The NVIDIA entry has a width, and sm_80 and later take hints. */
		if ((i == 9 || i >= 11) && on_nvidia())
			continue;
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = cases[i].strategy;
		put_raw(&o, "cache_hints", cases[i].hints);
		put_raw(&o, "segments", cases[i].segments);
		put_raw(&o, "width", cases[i].width);
		put_raw(&o, "stream", cases[i].stream);
		o.tile = cases[i].tile;
		expect_refused("cache hints", i, cases[i].dtype, &o, cases[i].in_place,
		               cases[i].want, cases[i].word);
	}
}

/* 0 x N and N x 0 inputs: success, an event that completes, nothing
 * written, and no launches in explain. */
static void test_zero_sized(void **state)
{
	(void)state;
	static const size_t shapes[][2] = {{0, 5}, {5, 0}, {0, 0}, {0, 100}, {100, 0}};
	for (size_t sh = 0; sh < COUNT(shapes); sh++) {
		for (size_t si = 0; si < COUNT(strategies); si++) {
			for (int lay = 0; lay < 2; lay++) {
				const txf_layout l = lay ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
				const size_t rows = shapes[sh][0], cols = shapes[sh][1];
				/* Buffers with room, so that a stray write shows. */
				test_buffer bin = test_buffer_new(4096),
				            bout = test_buffer_new(4096);
				txf_matrix in = test_view(&bin, TXF_F32, rows, cols,
				                          min_ld(l, rows, cols) + lay, 0, l);
				txf_matrix out = test_view(&bout, TXF_F32, cols, rows,
				                           min_ld(l, cols, rows), 3, l);
				txf_transpose_options o;
				txf_transpose_options_default(&o);
				o.strategy = strategies[si];
				o.tile = 16;
				cl_event ev = NULL;
				txf_status st =
				    txf_transpose(test_ctx, &in, &out, &o, 0, NULL, &ev);
				if (st != TXF_SUCCESS)
					fail_msg("%zu x %zu %s: %s (%s)", rows, cols,
					         txf_strategy_name(strategies[si]),
					         txf_status_name(st), txf_last_error());
				test_wait(ev);
				txf_choice ch;
				assert_int_equal(txf_transpose_explain(test_ctx, rows, cols,
				                                       TXF_F32, 0, &o, &ch),
				                 TXF_SUCCESS);
				assert_int_equal(ch.launches, 0);
				unsigned char *want = test_image_poisoned(&bout);
				test_assert_image(&bout, want, 4, "zero-sized output");
				test_assert_image(&bin, want, 4, "zero-sized input");
				free(want);
				test_buffer_free(&bin);
				test_buffer_free(&bout);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_zero_sized),
	    cmocka_unit_test(test_strategy_tile_elem_sweep),
	    cmocka_unit_test(test_listed_shapes),
	    cmocka_unit_test(test_mixed_layouts),
	    cmocka_unit_test(test_one_buffer_layouts),
	    cmocka_unit_test(test_output_aligned_runs),
	    cmocka_unit_test(test_output_aligned_runs_refused),
	    cmocka_unit_test(test_wide_runs),
	    cmocka_unit_test(test_wide_runs_refused),
	    cmocka_unit_test(test_cache_hints_refused),
	    cmocka_unit_test(test_stream),
	    cmocka_unit_test(test_skinny),
	    cmocka_unit_test(test_skinny_blocks),
	    cmocka_unit_test(test_stream_staged),
	    cmocka_unit_test(test_stream_crowded),
	    cmocka_unit_test(test_skinny_gpu),
	    cmocka_unit_test(test_packed),
	    cmocka_unit_test(test_chunked),
	    cmocka_unit_test(test_skinny_packed_refused),
	    cmocka_unit_test(test_stream_refused),
	    cmocka_unit_test(test_truncate_shrinks_open_tile),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
