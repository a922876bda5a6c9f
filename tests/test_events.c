/* Events: operations wait for their wait list, return one event that
 * completes when all of their work has, chain on an out-of-order queue
 * through events alone, and work without an event (then clFinish). Kernel
 * objects the context keeps are launched again with new arguments. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A random input matrix, its buffer and the host image of that buffer. */
typedef struct operand {
	test_buffer buf;
	unsigned char *image; /* the whole buffer, guards included */
	txf_matrix m;
} operand;

static operand operand_new(txf_dtype t, size_t rows, size_t cols, size_t pad, size_t off,
                           txf_layout l, int random)
{
	operand o;
	size_t ld = (l == TXF_COL_MAJOR ? rows : cols) + pad;
	size_t span = test_view_span(t, rows, cols, ld, off, l);
	o.buf = test_buffer_new(span);
	o.image = test_image_poisoned(&o.buf);
	if (random) {
		test_fill_random(o.image + GUARD_BYTES, span);
		test_buffer_upload(&o.buf, 0, o.image + GUARD_BYTES, span);
	}
	o.m = test_view(&o.buf, t, rows, cols, ld, off, l);
	return o;
}

static void operand_free(operand *o)
{
	free(o->image);
	test_buffer_free(&o->buf);
}

/* The usable-region offset of a view in its test buffer, in elements. */
static size_t view_off(const operand *o)
{
	return o->m.offset - GUARD_BYTES / txf_dtype_size(o->m.dtype);
}

/* Put a host matrix (the view's layout, leading dimension host_ld) into the
 * image of o's buffer where the view holds it. */
static void place(operand *o, const void *host, size_t host_ld)
{
	const txf_matrix *m = &o->m;
	const size_t elem = txf_dtype_size(m->dtype);
	for (size_t i = 0; i < m->rows; i++)
		for (size_t j = 0; j < m->cols; j++)
			memcpy(o->image + GUARD_BYTES +
			           test_index(m->layout, m->ld, view_off(o), i, j) * elem,
			       (const unsigned char *)host +
			           test_index(m->layout, host_ld, 0, i, j) * elem,
			       elem);
}

/* dst's image becomes poison outside the view and transpose(src) inside. */
static void expect_transpose(operand *dst, const operand *src)
{
	const txf_matrix *s = &src->m, *d = &dst->m;
	test_host_transpose(src->image + GUARD_BYTES, s->layout, s->ld, view_off(src),
	                    dst->image + GUARD_BYTES, d->layout, d->ld, view_off(dst), s->rows,
	                    s->cols, txf_dtype_size(s->dtype));
}

static txf_transpose_options opts(txf_strategy s, unsigned tile)
{
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = s;
	o.tile = tile;
	return o;
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

static cl_command_queue second_queue(void)
{
	cl_int err;
	cl_command_queue q = clCreateCommandQueue(txf_context_cl_context(test_ctx),
	                                          txf_context_device(test_ctx), 0, &err);
	assert_non_null(q);
	return q;
}

/* The device's out-of-order queue on the shared context (an in-order one
 * where the device has none), wrapped in a library context. */
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

/* (a) An operation whose wait list holds an unset user event does not run:
 * after 200 ms its event is not complete and its output (read through a
 * second queue, as the first is held up) is still poison. Once the user
 * event is set it completes with the right result. */
static void gated(const char *name, txf_strategy strategy, int in_place)
{
	const size_t rows = in_place ? 45 : 70, cols = 45;
	operand in = operand_new(TXF_F32, rows, cols, 3, 1, TXF_ROW_MAJOR, 1);
	operand out = operand_new(TXF_F32, cols, rows, 0, 2, TXF_ROW_MAJOR, 0);
	cl_command_queue q2 = second_queue();
	cl_int err;
	cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
	assert_non_null(user);
	txf_transpose_options o = opts(strategy, 16);
	cl_event ev = NULL;
	txf_status s = in_place ? txf_transpose_inplace(test_ctx, &in.m, &o, 1, &user, &ev)
	                        : txf_transpose(test_ctx, &in.m, &out.m, &o, 1, &user, &ev);
	sleep_ms(200);
	cl_int early = ev ? event_status(ev) : -2000;
	test_buffer *watched = in_place ? &in.buf : &out.buf;
	size_t total = watched->bytes + 2 * GUARD_BYTES;
	unsigned char *seen = malloc(total);
	assert_non_null(seen);
	cl_int read_err =
	    clEnqueueReadBuffer(q2, watched->mem, CL_TRUE, 0, total, seen, 0, NULL, NULL);
	/* Release the operation before any check can end the test. */
	assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);

	if (s != TXF_SUCCESS)
		fail_msg("%s: %s (%s)", name, txf_status_name(s), txf_last_error());
	if (early == CL_COMPLETE || early < 0)
		fail_msg("%s: the event is in state %d before its wait list completed", name,
		         (int)early);
	assert_int_equal(read_err, CL_SUCCESS);
	const unsigned char *before = in_place ? in.image : out.image;
	if (memcmp(seen, before, total) != 0)
		fail_msg("%s: the output changed before the wait list completed", name);
	test_wait(ev);
	if (in_place) {
		operand want = in;
		want.image = malloc(total);
		assert_non_null(want.image);
		memcpy(want.image, in.image, total);
		expect_transpose(&want, &in);
		test_assert_image(&in.buf, want.image, 4, name);
		free(want.image);
	} else {
		expect_transpose(&out, &in);
		test_assert_image(&out.buf, out.image, 4, name);
	}
	free(seen);
	clReleaseEvent(user);
	clReleaseCommandQueue(q2);
	operand_free(&in);
	operand_free(&out);
}

static void test_gated_by_user_event(void **state)
{
	(void)state;
	gated("split, three launches", TXF_STRATEGY_SPLIT, 0);
	gated("pad", TXF_STRATEGY_PAD, 0);
	gated("in place", TXF_STRATEGY_PAD, 1);
}

/* (c) A failed event in the wait list: every operation, with and without an
 * event out, on an in-order and an out-of-order queue. Each one is enqueued
 * twice behind the same user event (two commands waiting on one event that
 * fails: the case some drivers handle worst), then the user event fails.
 * Each operation's event must end in an error state, and no output may be
 * written. */
typedef enum failed_op {
	F_SIMPLE,
	F_PAD,
	F_TRUNCATE,
	F_SPLIT,
	F_LAYOUT,
	F_EMPTY,
	F_INPLACE_SIMPLE,
	F_INPLACE_PAD,
	F_MM_SIMPLE,
	F_MM_PAD,
	F_MM_TRUNCATE,
	F_MM_SPLIT,
	F_MM_PADCOPY,
	F_MM_KSPLIT,
	F_WRITE,
	F_READ,
	F_OP_COUNT
} failed_op;

static const char *const failed_op_names[F_OP_COUNT] = {
    "transpose simple", "transpose pad",   "transpose truncate", "transpose split",
    "layout copy",      "zero-sized",      "in place simple",    "in place pad",
    "matmul simple",    "matmul pad",      "matmul truncate",    "matmul split",
    "matmul padcopy",   "matmul K slices", "matrix write",       "matrix read"};

static txf_status run_failed_op(txf_context *c, failed_op op, operand *in, operand *b, operand *out,
                                void *host, cl_event user, cl_event *ev)
{
	static const txf_strategy tr[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD,
	                                  TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_SPLIT};
	static const txf_strategy mm[] = {TXF_STRATEGY_SIMPLE,   TXF_STRATEGY_PAD,
	                                  TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_SPLIT,
	                                  TXF_STRATEGY_PADCOPY,  TXF_STRATEGY_PAD};
	cl_event wait[2] = {user, user};
	switch (op) {
	case F_SIMPLE:
	case F_PAD:
	case F_TRUNCATE:
	case F_SPLIT: {
		txf_transpose_options o = opts(tr[op - F_SIMPLE], 16);
		return txf_transpose(c, &in->m, &out->m, &o, 2, wait, ev);
	}
	case F_LAYOUT:
	case F_EMPTY: {
		txf_matrix o = out->m;
		o.layout = TXF_COL_MAJOR;
		o.ld = o.rows;
		txf_matrix i = in->m;
		if (op == F_EMPTY)
			i.rows = o.cols = 0;
		return txf_transpose(c, &i, &o, NULL, 1, wait, ev);
	}
	case F_INPLACE_SIMPLE:
	case F_INPLACE_PAD: {
		txf_transpose_options o =
		    opts(op == F_INPLACE_PAD ? TXF_STRATEGY_PAD : TXF_STRATEGY_SIMPLE, 16);
		return txf_transpose_inplace(c, &out->m, &o, 1, wait, ev);
	}
	case F_WRITE:
		return txf_matrix_write(c, &out->m, host, 0, 0, 1, wait, ev);
	case F_READ:
		return txf_matrix_read(c, &in->m, host, 0, 0, 1, wait, ev);
	default: {
		txf_matmul_options o;
		txf_matmul_options_default(&o);
		o.strategy = mm[op - F_MM_SIMPLE];
		if (op == F_MM_KSPLIT)
			test_mopt(&o, "ksplit", 2);
		return txf_matmul(c, TXF_OP_N, TXF_OP_T, 1.0, &in->m, &b->m, 0.5, &out->m, &o, 2,
		                  wait, ev);
	}
	}
}

static void failed_wait_list(txf_context *c, cl_command_queue q, const char *queue_name)
{
	/* Square outputs serve every operation: transpose and in place of a
	 * 45 x 45 matrix, and C (45 x 45) = A (45 x 69) B^T (B 45 x 69). */
	const size_t n = 45, k = 69;
	for (int op = 0; op < F_OP_COUNT; op++) {
		const bool mm = op >= F_MM_SIMPLE && op <= F_MM_KSPLIT;
		const size_t cols = mm || op == F_READ ? k : n;
		operand in = operand_new(TXF_F32, n, cols, 3, 1, TXF_ROW_MAJOR, 1);
		operand b = operand_new(TXF_F32, n, k, 0, 0, TXF_ROW_MAJOR, 1);
		operand out[2];
		float *host[2];
		for (int r = 0; r < 2; r++) {
			out[r] = operand_new(TXF_F32, n, n, 2, 5, TXF_ROW_MAJOR,
			                     op >= F_INPLACE_SIMPLE && op <= F_MM_KSPLIT);
			/* What the buffer holds now: poison, or the random C or
			 * in-place matrix, which no operation may change. */
			free(out[r].image);
			out[r].image = test_buffer_download_all(&out[r].buf);
			host[r] = malloc(n * cols * sizeof(float));
			assert_non_null(host[r]);
			memset(host[r], POISON_BYTE, n * cols * sizeof(float));
		}
		cl_int err;
		cl_event user = clCreateUserEvent(txf_context_cl_context(c), &err);
		assert_non_null(user);
		/* The first run returns an event, the second none. */
		cl_event ev = NULL;
		txf_status s0 =
		    run_failed_op(c, (failed_op)op, &in, &b, &out[0], host[0], user, &ev);
		txf_status s1 =
		    run_failed_op(c, (failed_op)op, &in, &b, &out[1], host[1], user, NULL);
		assert_int_equal(clSetUserEventStatus(user, -5), CL_SUCCESS);
		/* NVIDIA's clFinish passes the failed commands' status on. */
		const cl_int fin = clFinish(q);
		if (fin != CL_SUCCESS && fin != -5)
			fail_msg("clFinish after a failed wait list: %d", (int)fin);
		char what[96];
		snprintf(what, sizeof what, "%s, %s queue, failed wait list", failed_op_names[op],
		         queue_name);
		if (s0 != TXF_SUCCESS || s1 != TXF_SUCCESS)
			fail_msg("%s: %s / %s (%s)", what, txf_status_name(s0), txf_status_name(s1),
			         txf_last_error());
		assert_non_null(ev);
		cl_int st = event_status(ev);
		if (st >= 0)
			fail_msg("%s: the operation's event ended in state %d, not an error", what,
			         (int)st);
		clReleaseEvent(ev);
		for (int r = 0; r < 2; r++) {
			test_assert_image(&out[r].buf, out[r].image, 4, what);
			for (size_t i = 0; i < n * cols; i++) {
				unsigned char *p = (unsigned char *)&host[r][i];
				if (op == F_READ && (p[0] != POISON_BYTE || p[3] != POISON_BYTE))
					fail_msg("%s: host element %zu was written", what, i);
			}
			operand_free(&out[r]);
			free(host[r]);
		}
		clReleaseEvent(user);
		operand_free(&in);
		operand_free(&b);
	}
}

/* POCL fails the commands behind a failed event taking its own locks in
 * an order ThreadSanitizer reports as a possible deadlock, all of it inside
 * the driver: the suite's ThreadSanitizer build leaves this test to the
 * other builds, which run it. */
#if defined(__SANITIZE_THREAD__)
#define TXF_TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TXF_TEST_TSAN 1
#endif
#endif

static void test_failed_wait_list(void **state)
{
	(void)state;
#ifdef TXF_TEST_TSAN
	skip();
#endif
	failed_wait_list(test_ctx, txf_context_queue(test_ctx), "in-order");
	cl_command_queue q;
	txf_context *c = out_of_order_context(&q);
	failed_wait_list(c, q, "out-of-order");
	txf_context_release(&c);
	clReleaseCommandQueue(q);
}

/* A zero-sized operation has nothing to run but its event still waits for
 * the wait list. */
static void test_gated_zero_sized(void **state)
{
	(void)state;
	operand in = operand_new(TXF_F32, 0, 7, 0, 0, TXF_ROW_MAJOR, 0);
	operand out = operand_new(TXF_F32, 7, 0, 0, 0, TXF_ROW_MAJOR, 0);
	cl_int err;
	cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
	assert_non_null(user);
	cl_event ev = NULL;
	txf_status s = txf_transpose(test_ctx, &in.m, &out.m, NULL, 1, &user, &ev);
	sleep_ms(50);
	cl_int early = ev ? event_status(ev) : -2000;
	assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
	assert_int_equal(s, TXF_SUCCESS);
	if (early == CL_COMPLETE || early < 0)
		fail_msg("the zero-sized operation's event is in state %d before its wait list "
		         "completed",
		         (int)early);
	test_wait(ev);
	clReleaseEvent(user);
	operand_free(&in);
	operand_free(&out);
}

/* (b) A chain of operations on an out-of-order queue, ordered only by the
 * events each returns: write A, A -> B (split), B -> C (a layout change:
 * strided copy), C -> D (simple), read D; and for a square matrix write A,
 * A -> E (pad), E in place twice (simple, then pad), E -> F (truncate), read
 * F. Only the last read is waited on. */
static void test_out_of_order_chain(void **state)
{
	(void)state;
	cl_command_queue q;
	txf_context *c = out_of_order_context(&q);
	const size_t m = 61, n = 45;

	operand a = operand_new(TXF_F32, m, n, 2, 3, TXF_ROW_MAJOR, 0);
	operand b = operand_new(TXF_F32, n, m, 0, 0, TXF_ROW_MAJOR, 0);
	operand cc = operand_new(TXF_F32, m, n, 1, 4, TXF_COL_MAJOR, 0);
	operand d = operand_new(TXF_F32, n, m, 0, 5, TXF_COL_MAJOR, 0);
	float *host_a = malloc(m * n * sizeof(float)), *host_d = malloc(n * m * sizeof(float));
	assert_non_null(host_a);
	assert_non_null(host_d);
	test_fill_random(host_a, m * n * sizeof(float));

	cl_event ev[5] = {NULL};
	txf_transpose_options split = opts(TXF_STRATEGY_SPLIT, 16), pad = opts(TXF_STRATEGY_PAD, 8),
	                      simple = opts(TXF_STRATEGY_SIMPLE, 32);
	assert_int_equal(txf_matrix_write(c, &a.m, host_a, 0, 0, 0, NULL, &ev[0]), TXF_SUCCESS);
	assert_int_equal(txf_transpose(c, &a.m, &b.m, &split, 1, &ev[0], &ev[1]), TXF_SUCCESS);
	assert_int_equal(txf_transpose(c, &b.m, &cc.m, &pad, 1, &ev[1], &ev[2]), TXF_SUCCESS);
	assert_int_equal(txf_transpose(c, &cc.m, &d.m, &simple, 1, &ev[2], &ev[3]), TXF_SUCCESS);
	assert_int_equal(txf_matrix_read(c, &d.m, host_d, 0, 0, 1, &ev[3], &ev[4]), TXF_SUCCESS);
	assert_int_equal(clWaitForEvents(1, &ev[4]), CL_SUCCESS);
	for (size_t i = 0; i < COUNT(ev); i++) {
		assert_int_equal(event_status(ev[i]), CL_COMPLETE);
		clReleaseEvent(ev[i]);
	}

	/* Host images: A as written, then each step from the one before. */
	place(&a, host_a, n);
	expect_transpose(&b, &a);
	expect_transpose(&cc, &b);
	expect_transpose(&d, &cc);
	test_assert_image(&a.buf, a.image, 4, "A");
	test_assert_image(&b.buf, b.image, 4, "B = transpose(A)");
	test_assert_image(&cc.buf, cc.image, 4, "C = transpose(B)");
	test_assert_image(&d.buf, d.image, 4, "D = transpose(C)");
	float *want_d = malloc(n * m * sizeof(float));
	assert_non_null(want_d);
	test_host_transpose(host_a, TXF_ROW_MAJOR, n, 0, want_d, TXF_COL_MAJOR, n, 0, m, n, 4);
	assert_memory_equal(host_d, want_d, n * m * sizeof(float));
	free(want_d);
	free(host_a);
	free(host_d);
	operand_free(&a);
	operand_free(&b);
	operand_free(&cc);
	operand_free(&d);

	/* Square: the in-place steps. */
	const size_t k = 40;
	operand sa = operand_new(TXF_U16, k, k, 0, 0, TXF_ROW_MAJOR, 0);
	operand e = operand_new(TXF_U16, k, k, 3, 1, TXF_ROW_MAJOR, 0);
	operand f = operand_new(TXF_U16, k, k, 0, 0, TXF_ROW_MAJOR, 0);
	uint16_t *host_sa = malloc(k * k * 2), *host_f = malloc(k * k * 2);
	assert_non_null(host_sa);
	assert_non_null(host_f);
	test_fill_random(host_sa, k * k * 2);
	txf_transpose_options trunc = opts(TXF_STRATEGY_TRUNCATE, 16);
	cl_event sv[6] = {NULL};
	assert_int_equal(txf_matrix_write(c, &sa.m, host_sa, 0, 0, 0, NULL, &sv[0]), TXF_SUCCESS);
	assert_int_equal(txf_transpose(c, &sa.m, &e.m, &pad, 1, &sv[0], &sv[1]), TXF_SUCCESS);
	assert_int_equal(txf_transpose_inplace(c, &e.m, &simple, 1, &sv[1], &sv[2]), TXF_SUCCESS);
	assert_int_equal(txf_transpose_inplace(c, &e.m, &pad, 1, &sv[2], &sv[3]), TXF_SUCCESS);
	assert_int_equal(txf_transpose(c, &e.m, &f.m, &trunc, 1, &sv[3], &sv[4]), TXF_SUCCESS);
	assert_int_equal(txf_matrix_read(c, &f.m, host_f, 0, 0, 1, &sv[4], &sv[5]), TXF_SUCCESS);
	assert_int_equal(clWaitForEvents(1, &sv[5]), CL_SUCCESS);
	for (size_t i = 0; i < COUNT(sv); i++)
		clReleaseEvent(sv[i]);
	/* E = A^T, then A, then A^T again; F = A. */
	place(&sa, host_sa, k);
	expect_transpose(&e, &sa);
	test_assert_image(&sa.buf, sa.image, 2, "square A");
	test_assert_image(&e.buf, e.image, 2, "E after the in-place steps");
	test_assert_image(&f.buf, sa.image, 2, "F = transpose(E)");
	assert_memory_equal(host_f, host_sa, k * k * 2);
	free(host_sa);
	free(host_f);
	operand_free(&sa);
	operand_free(&e);
	operand_free(&f);

	txf_context_release(&c);
	clReleaseCommandQueue(q);
}

/* (c) The one event of a multi-launch operation completes only when every
 * launch has. On a queue that may run the launches in any order, a copy of
 * the output that waits on that event alone is enqueued before the operation
 * is released, so it starts the moment the event completes; and right after
 * the host has waited on the event, the output is read through another
 * queue. Both must hold the whole transpose: main section and both bands. */
static void test_multi_launch_event(void **state)
{
	(void)state;
	cl_command_queue q;
	txf_context *c = out_of_order_context(&q);
	cl_command_queue reader = second_queue();
	static const size_t shapes[][2] = {{1000, 999}, {333, 70}, {20, 333}, {4000, 63}};
	for (size_t i = 0; i < COUNT(shapes); i++) {
		const size_t rows = shapes[i][0], cols = shapes[i][1];
		operand in = operand_new(TXF_F64, rows, cols, 1, 0, TXF_ROW_MAJOR, 1);
		operand out = operand_new(TXF_F64, cols, rows, 0, 3, TXF_ROW_MAJOR, 0);
		operand copy = operand_new(TXF_F64, cols, rows, 0, 3, TXF_ROW_MAJOR, 0);
		const size_t total = out.buf.bytes + 2 * GUARD_BYTES;
		txf_transpose_options o = opts(TXF_STRATEGY_SPLIT, 32);
		txf_choice ch;
		assert_int_equal(txf_transpose_explain(c, rows, cols, TXF_F64, 0, &o, &ch),
		                 TXF_SUCCESS);
		assert_true(ch.launches >= 2);
		cl_int err;
		cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
		assert_non_null(user);
		cl_event ev = NULL, copied = NULL;
		txf_status s = txf_transpose(c, &in.m, &out.m, &o, 1, &user, &ev);
		cl_int copy_err = s == TXF_SUCCESS
		                      ? clEnqueueCopyBuffer(q, out.buf.mem, copy.buf.mem, 0, 0,
		                                            total, 1, &ev, &copied)
		                      : CL_INVALID_EVENT;
		assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
		assert_int_equal(s, TXF_SUCCESS);
		assert_int_equal(copy_err, CL_SUCCESS);
		assert_int_equal(clWaitForEvents(1, &ev), CL_SUCCESS);
		unsigned char *got = malloc(total);
		assert_non_null(got);
		assert_int_equal(
		    clEnqueueReadBuffer(reader, out.buf.mem, CL_TRUE, 0, total, got, 0, NULL, NULL),
		    CL_SUCCESS);
		expect_transpose(&out, &in);
		if (memcmp(got, out.image, total) != 0)
			fail_msg("%zu x %zu split: output incomplete when its event completed",
			         rows, cols);
		test_wait(copied);
		test_assert_image(&copy.buf, out.image, 8, "copy that waited on the event");
		free(got);
		clReleaseEvent(ev);
		clReleaseEvent(user);
		operand_free(&in);
		operand_free(&out);
		operand_free(&copy);
	}
	clReleaseCommandQueue(reader);
	txf_context_release(&c);
	clReleaseCommandQueue(q);
}

/* (d) No event asked for: the work is still enqueued, and clFinish on the
 * queue waits for it. Also with a wait list, and for every strategy. */
static void test_no_event(void **state)
{
	(void)state;
	static const txf_strategy strategies[] = {TXF_STRATEGY_SPLIT, TXF_STRATEGY_PAD,
	                                          TXF_STRATEGY_SIMPLE, TXF_STRATEGY_TRUNCATE,
	                                          TXF_STRATEGY_AUTO};
	cl_command_queue q = txf_context_queue(test_ctx);
	for (size_t i = 0; i < COUNT(strategies); i++) {
		operand in = operand_new(TXF_U8, 77, 50, 0, 0, TXF_ROW_MAJOR, 1);
		operand out = operand_new(TXF_U8, 50, 77, 2, 1, TXF_ROW_MAJOR, 0);
		txf_transpose_options o = opts(strategies[i], 16);
		cl_event marker;
		assert_int_equal(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker), CL_SUCCESS);
		assert_int_equal(txf_transpose(test_ctx, &in.m, &out.m, &o, 1, &marker, NULL),
		                 TXF_SUCCESS);
		assert_int_equal(clFinish(q), CL_SUCCESS);
		clReleaseEvent(marker);
		expect_transpose(&out, &in);
		test_assert_image(&out.buf, out.image, 1, txf_strategy_name(strategies[i]));
		operand_free(&in);
		operand_free(&out);
	}
	/* In place, and a blocking write and read, without events. */
	const size_t n = 37;
	operand m = operand_new(TXF_F64, n, n, 1, 2, TXF_COL_MAJOR, 0);
	double *host = malloc(n * n * 8), *back = malloc(n * n * 8), *want = malloc(n * n * 8);
	assert_non_null(host);
	assert_non_null(back);
	assert_non_null(want);
	test_fill_random(host, n * n * 8);
	assert_int_equal(txf_matrix_write(test_ctx, &m.m, host, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	txf_transpose_options o = opts(TXF_STRATEGY_PAD, 8);
	assert_int_equal(txf_transpose_inplace(test_ctx, &m.m, &o, 0, NULL, NULL), TXF_SUCCESS);
	assert_int_equal(clFinish(q), CL_SUCCESS);
	assert_int_equal(txf_matrix_read(test_ctx, &m.m, back, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	test_host_transpose(host, TXF_COL_MAJOR, n, 0, want, TXF_COL_MAJOR, n, 0, n, n, 8);
	assert_memory_equal(back, want, n * n * 8);
	test_assert_guards(&m.buf);
	free(host);
	free(back);
	free(want);
	operand_free(&m);
}

/* (f) Kernel objects come from the context and go back to it, and every
 * launch sets all of its kernel's arguments: transposes with each strategy
 * over several shapes, leading dimensions and offsets, then the same again
 * in reverse order on fresh buffers and data. The second round creates no
 * kernel, and every result is exact with the poison outside it intact. */
static void test_kernels_kept(void **state)
{
	(void)state;
	static const size_t shapes[][4] = {
	    {70, 45, 3, 1}, {33, 61, 0, 5}, {17, 200, 1, 0}, {128, 16, 2, 2}};
	static const txf_strategy strategies[] = {TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT,
	                                          TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_AUTO};
	test_kernels counts[2];
	for (int round = 0; round < 2; round++) {
		for (size_t j = 0; j < COUNT(shapes); j++) {
			const size_t *sh = shapes[round ? COUNT(shapes) - 1 - j : j];
			for (size_t si = 0; si < COUNT(strategies); si++) {
				operand in = operand_new(TXF_F32, sh[0], sh[1], sh[2], sh[3],
				                         TXF_ROW_MAJOR, 1);
				operand out = operand_new(TXF_F32, sh[1], sh[0], sh[3], sh[2],
				                          TXF_ROW_MAJOR, 0);
				txf_transpose_options o = opts(strategies[si], 16);
				cl_event ev = NULL;
				txf_status s =
				    txf_transpose(test_ctx, &in.m, &out.m, &o, 0, NULL, &ev);
				if (s != TXF_SUCCESS)
					fail_msg("%zu x %zu %s: %s (%s)", sh[0], sh[1],
					         txf_strategy_name(strategies[si]),
					         txf_status_name(s), txf_last_error());
				test_wait(ev);
				expect_transpose(&out, &in);
				test_assert_image(&out.buf, out.image, 4,
				                  txf_strategy_name(strategies[si]));
				operand_free(&in);
				operand_free(&out);
			}
		}
		counts[round] = test_kernels_of(test_ctx);
	}
	test_assert_no_new_kernels(&counts[0], &counts[1]);
}

/* (e) Non-blocking host transfers chained into a transpose by events, with
 * padded host and device layouts: write (held by a user event), transpose,
 * read; only the read's event is waited on. */
static void test_nonblocking_transfers(void **state)
{
	(void)state;
	static const txf_layout layouts[] = {TXF_ROW_MAJOR, TXF_COL_MAJOR};
	for (size_t li = 0; li < COUNT(layouts); li++) {
		const txf_layout l = layouts[li];
		const int col = l == TXF_COL_MAJOR;
		const size_t rows = 53, cols = 38, host_ld_in = (col ? rows : cols) + 5,
		             host_ld_out = (col ? cols : rows) + 2;
		operand in = operand_new(TXF_F32, rows, cols, 3, 7, l, 0);
		operand out = operand_new(TXF_F32, cols, rows, 1, 2, l, 0);
		size_t in_elems = (col ? cols : rows) * host_ld_in;
		size_t out_elems = (col ? rows : cols) * host_ld_out;
		float *host_in = malloc(in_elems * 4), *host_out = malloc(out_elems * 4);
		float *want = malloc(out_elems * 4);
		assert_non_null(host_in);
		assert_non_null(host_out);
		assert_non_null(want);
		test_fill_random(host_in, in_elems * 4);
		memset(host_out, POISON_BYTE, out_elems * 4);
		memcpy(want, host_out, out_elems * 4);

		cl_int err;
		cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
		assert_non_null(user);
		cl_event ev[3] = {NULL};
		txf_status s[3];
		s[0] = txf_matrix_write(test_ctx, &in.m, host_in, host_ld_in, 0, 1, &user, &ev[0]);
		txf_transpose_options o = opts(TXF_STRATEGY_SPLIT, 8);
		s[1] = txf_transpose(test_ctx, &in.m, &out.m, &o, 1, &ev[0], &ev[1]);
		s[2] =
		    txf_matrix_read(test_ctx, &out.m, host_out, host_ld_out, 0, 1, &ev[1], &ev[2]);
		sleep_ms(20);
		cl_int early = s[2] == TXF_SUCCESS ? event_status(ev[2]) : -2000;
		assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
		for (int i = 0; i < 3; i++)
			if (s[i] != TXF_SUCCESS)
				fail_msg("step %d: %s (%s)", i, txf_status_name(s[i]),
				         txf_last_error());
		assert_true(early != CL_COMPLETE && early >= 0);
		assert_int_equal(clWaitForEvents(1, &ev[2]), CL_SUCCESS);
		test_host_transpose(host_in, l, host_ld_in, 0, want, l, host_ld_out, 0, rows, cols,
		                    4);
		assert_memory_equal(host_out, want, out_elems * 4);

		place(&in, host_in, host_ld_in);
		test_assert_image(&in.buf, in.image, 4, "written input");
		expect_transpose(&out, &in);
		test_assert_image(&out.buf, out.image, 4, "transposed output");
		for (int i = 0; i < 3; i++)
			clReleaseEvent(ev[i]);
		clReleaseEvent(user);
		free(host_in);
		free(host_out);
		free(want);
		operand_free(&in);
		operand_free(&out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_gated_by_user_event),   cmocka_unit_test(test_gated_zero_sized),
	    cmocka_unit_test(test_failed_wait_list),      cmocka_unit_test(test_out_of_order_chain),
	    cmocka_unit_test(test_multi_launch_event),    cmocka_unit_test(test_no_event),
	    cmocka_unit_test(test_nonblocking_transfers), cmocka_unit_test(test_kernels_kept),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
