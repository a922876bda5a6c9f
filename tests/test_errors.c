/* Bad input: each mistake gets its own status and a message, and leaves the
 * caller's buffers as they were (both buffers are downloaded before and
 * after, byte for byte). Also the status names and messages themselves, and
 * the kernel source errors: a missing source and one that does not build. */
#include "common.h"

#include "txf_internal.h" /* txf__load_source, txf__kernel_search_path */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define ROWS 20
#define COLS 12

/* A valid 20 x 12 f32 input and 12 x 20 output, each in its own buffer, and
 * the bytes both buffers hold. */
typedef struct fixture {
	test_buffer bin, bout;
	unsigned char *in_image, *out_image;
	txf_matrix in, out;
} fixture;

static fixture fixture_new(void)
{
	fixture f;
	size_t bytes = ROWS * COLS * 8; /* room for an f64 view too */
	f.bin = test_buffer_new(bytes);
	f.bout = test_buffer_new(bytes);
	f.in_image = test_image_poisoned(&f.bin);
	f.out_image = test_image_poisoned(&f.bout);
	test_fill_random(f.in_image + GUARD_BYTES, bytes);
	test_buffer_upload(&f.bin, 0, f.in_image + GUARD_BYTES, bytes);
	f.in = test_view(&f.bin, TXF_F32, ROWS, COLS, COLS, 0, TXF_ROW_MAJOR);
	f.out = test_view(&f.bout, TXF_F32, COLS, ROWS, ROWS, 0, TXF_ROW_MAJOR);
	return f;
}

static void fixture_free(fixture *f)
{
	free(f->in_image);
	free(f->out_image);
	test_buffer_free(&f->bin);
	test_buffer_free(&f->bout);
}

/* The call returned `got`: it must be `want`, with a message, and nothing
 * may have been written (or enqueued to write) to either buffer. */
static void check_status(fixture *f, txf_status got, txf_status want, const char *what)
{
	const char *detail = txf_last_error();
	if (got != want)
		fail_msg("%s: got %s, expected %s (%s)", what, txf_status_name(got),
		         txf_status_name(want), detail);
	if (detail[0] == '\0')
		fail_msg("%s: %s without a message in txf_last_error()", what,
		         txf_status_name(got));
	assert_int_equal(clFinish(txf_context_queue(test_ctx)), CL_SUCCESS);
	test_assert_image(&f->bin, f->in_image, 4, what);
	test_assert_image(&f->bout, f->out_image, 4, what);
}

/* txf_transpose on ctx with an event, waited on if the call succeeds. */
static txf_status transpose_on(txf_context *ctx, const txf_matrix *in, const txf_matrix *out,
                               const txf_transpose_options *o)
{
	cl_event ev = NULL;
	txf_status s = txf_transpose(ctx, in, out, o, 0, NULL, &ev);
	if (s == TXF_SUCCESS)
		test_wait(ev);
	return s;
}

static txf_status transpose(const txf_matrix *in, const txf_matrix *out,
                            const txf_transpose_options *o)
{
	return transpose_on(test_ctx, in, out, o);
}

static void test_status_names(void **state)
{
	(void)state;
	static const txf_status all[] = {
#define X(name, value, msg) name,
	    TXF_STATUS_LIST(X)
#undef X
	};
	static const char *const names[] = {
#define X(name, value, msg) #name,
	    TXF_STATUS_LIST(X)
#undef X
	};
	for (size_t i = 0; i < COUNT(all); i++) {
		const char *n = txf_status_name(all[i]), *m = txf_status_message(all[i]);
		assert_non_null(n);
		assert_non_null(m);
		assert_string_equal(n, names[i]);
		assert_true(m[0] != '\0');
		for (size_t j = 0; j < i; j++) {
			if (all[i] == all[j] || strcmp(n, txf_status_name(all[j])) == 0 ||
			    strcmp(m, txf_status_message(all[j])) == 0)
				fail_msg("%s and %s share a value, name or message", names[i],
				         names[j]);
		}
		assert_true(all[i] == TXF_SUCCESS ? all[i] == 0 : all[i] < 0);
	}
	assert_string_equal(txf_status_name((txf_status)-999), "TXF_UNKNOWN_STATUS");
	assert_string_equal(txf_status_name((txf_status)5), "TXF_UNKNOWN_STATUS");
	assert_true(txf_status_message((txf_status)-999)[0] != '\0');
}

static void test_null_arguments(void **state)
{
	(void)state;
	fixture f = fixture_new();
	cl_event ev = NULL;
	check_status(&f, txf_transpose(NULL, &f.in, &f.out, NULL, 0, NULL, &ev), TXF_ERR_NULL_ARG,
	             "NULL ctx");
	check_status(&f, txf_transpose(test_ctx, NULL, &f.out, NULL, 0, NULL, &ev),
	             TXF_ERR_NULL_ARG, "NULL in");
	check_status(&f, txf_transpose(test_ctx, &f.in, NULL, NULL, 0, NULL, &ev), TXF_ERR_NULL_ARG,
	             "NULL out");
	check_status(&f, txf_transpose_inplace(NULL, &f.out, NULL, 0, NULL, &ev), TXF_ERR_NULL_ARG,
	             "in place, NULL ctx");
	check_status(&f, txf_transpose_inplace(test_ctx, NULL, NULL, 0, NULL, &ev),
	             TXF_ERR_NULL_ARG, "in place, NULL m");
	txf_matrix no_buffer = f.out;
	no_buffer.buffer = NULL;
	check_status(&f, transpose(&f.in, &no_buffer, NULL), TXF_ERR_NULL_ARG,
	             "out with a NULL buffer");
	float host[ROWS * COLS] = {0};
	check_status(&f, txf_matrix_write(NULL, &f.in, host, 0, 1, 0, NULL, NULL), TXF_ERR_NULL_ARG,
	             "write, NULL ctx");
	check_status(&f, txf_matrix_write(test_ctx, &f.in, NULL, 0, 1, 0, NULL, NULL),
	             TXF_ERR_NULL_ARG, "write, NULL host");
	check_status(&f, txf_matrix_read(test_ctx, &f.in, NULL, 0, 1, 0, NULL, NULL),
	             TXF_ERR_NULL_ARG, "read, NULL host");
	txf_choice ch;
	check_status(&f, txf_transpose_explain(NULL, 4, 4, TXF_F32, 0, NULL, &ch), TXF_ERR_NULL_ARG,
	             "explain, NULL ctx");
	check_status(&f, txf_transpose_explain(test_ctx, 4, 4, TXF_F32, 0, NULL, NULL),
	             TXF_ERR_NULL_ARG, "explain, NULL out");
	txf_strategy st;
	check_status(&f, txf_strategy_parse(NULL, &st), TXF_ERR_NULL_ARG, "parse NULL");
	fixture_free(&f);
}

static void test_wait_lists(void **state)
{
	(void)state;
	fixture f = fixture_new();
	cl_int err;
	cl_event user = clCreateUserEvent(txf_context_cl_context(test_ctx), &err);
	assert_non_null(user);
	cl_event nulls[2] = {user, NULL};
	cl_event ev = NULL;
	float host[ROWS * COLS];
	memset(host, 0, sizeof host);
	/* The user event is set complete before any check, so that a call that
	 * wrongly enqueued work cannot hang the suite. */
	txf_status s[8];
	s[0] = txf_transpose(test_ctx, &f.in, &f.out, NULL, 1, NULL, &ev);
	s[1] = txf_transpose(test_ctx, &f.in, &f.out, NULL, 0, &user, &ev);
	s[2] = txf_transpose(test_ctx, &f.in, &f.out, NULL, 2, nulls, &ev);
	txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
	s[3] = txf_transpose_inplace(test_ctx, &sq, NULL, 1, NULL, &ev);
	s[4] = txf_transpose_inplace(test_ctx, &sq, NULL, 0, &user, &ev);
	s[5] = txf_matrix_write(test_ctx, &f.out, host, 0, 0, 1, NULL, &ev);
	s[6] = txf_matrix_read(test_ctx, &f.in, host, 0, 0, 0, &user, &ev);
	s[7] = txf_matrix_write(test_ctx, &f.out, host, 0, 0, 2, nulls, &ev);
	assert_int_equal(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
	for (size_t i = 0; i < COUNT(s); i++) {
		char what[64];
		snprintf(what, sizeof what, "wait list case %zu", i);
		if (s[i] != TXF_ERR_BAD_WAIT_LIST)
			fail_msg("%s: got %s, expected TXF_ERR_BAD_WAIT_LIST", what,
			         txf_status_name(s[i]));
	}
	/* Each status again, one at a time, for its message and the buffers. */
	check_status(&f, txf_transpose(test_ctx, &f.in, &f.out, NULL, 1, NULL, &ev),
	             TXF_ERR_BAD_WAIT_LIST, "num_wait 1, NULL list");
	check_status(&f, txf_transpose(test_ctx, &f.in, &f.out, NULL, 0, &user, &ev),
	             TXF_ERR_BAD_WAIT_LIST, "num_wait 0, a list");
	clReleaseEvent(user);
	fixture_free(&f);
}

static void test_bad_ld(void **state)
{
	(void)state;
	fixture f = fixture_new();
	txf_matrix in = f.in, out = f.out;
	in.ld = COLS - 1;
	check_status(&f, transpose(&in, &f.out, NULL), TXF_ERR_BAD_LD, "row-major in, ld < cols");
	out.ld = ROWS - 1;
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_BAD_LD, "row-major out, ld < cols");
	/* Column-major: ld must cover the rows. */
	txf_matrix cin = test_view(&f.bin, TXF_F32, ROWS, COLS, ROWS - 1, 0, TXF_COL_MAJOR);
	txf_matrix cout = test_view(&f.bout, TXF_F32, COLS, ROWS, COLS, 0, TXF_COL_MAJOR);
	check_status(&f, transpose(&cin, &cout, NULL), TXF_ERR_BAD_LD, "col-major in, ld < rows");
	cin.ld = ROWS;
	cout.ld = COLS - 1;
	check_status(&f, transpose(&cin, &cout, NULL), TXF_ERR_BAD_LD, "col-major out, ld < rows");
	/* A column-major ld of cols (the row-major minimum) is still short. */
	txf_matrix tall = test_view(&f.bin, TXF_F32, ROWS, COLS, COLS, 0, TXF_COL_MAJOR);
	check_status(&f, transpose(&tall, &cout, NULL), TXF_ERR_BAD_LD,
	             "col-major in with ld = cols < rows");
	txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS - 1, 0, TXF_ROW_MAJOR);
	check_status(&f, txf_transpose_inplace(test_ctx, &sq, NULL, 0, NULL, NULL), TXF_ERR_BAD_LD,
	             "in place, ld < cols");
	float host[ROWS * COLS] = {0};
	check_status(&f, txf_matrix_read(test_ctx, &f.in, host, COLS - 1, 1, 0, NULL, NULL),
	             TXF_ERR_BAD_LD, "read, host_ld < cols");
	fixture_free(&f);
}

static void test_out_of_bounds(void **state)
{
	(void)state;
	fixture f = fixture_new();
	const size_t usable = f.bin.bytes / 4, whole = usable + 2 * GUARD_BYTES / 4;
	txf_matrix in = f.in;
	in.offset = whole - ROWS * COLS + 1; /* one element past the end */
	check_status(&f, transpose(&in, &f.out, NULL), TXF_ERR_OUT_OF_BOUNDS,
	             "in ends one element past its buffer");
	in.offset = whole;
	check_status(&f, transpose(&in, &f.out, NULL), TXF_ERR_OUT_OF_BOUNDS,
	             "in starts at the end of its buffer");
	txf_matrix out = f.out;
	out.ld = whole / (COLS - 1);
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_OUT_OF_BOUNDS,
	             "out's ld takes it past its buffer");
	txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
	sq.offset = whole - COLS * COLS + 1;
	check_status(&f, txf_transpose_inplace(test_ctx, &sq, NULL, 0, NULL, NULL),
	             TXF_ERR_OUT_OF_BOUNDS, "in place past the end");
	/* The same shape that ends exactly at the buffer's end is fine. */
	in.offset = whole - ROWS * COLS;
	cl_event ev = NULL;
	txf_status s = txf_transpose(test_ctx, &in, &f.out, NULL, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("a view ending at its buffer's end: %s (%s)", txf_status_name(s),
		         txf_last_error());
	test_wait(ev);
	fixture_free(&f);
}

static void test_size_overflow(void **state)
{
	(void)state;
	fixture f = fixture_new();
	const size_t half = SIZE_MAX / 2;
	txf_matrix huge = {f.bin.mem, 0, half, half, half, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix huge_t = {f.bout.mem, 0, half, half, half, TXF_F32, TXF_ROW_MAJOR};
	check_status(&f, transpose(&huge, &huge_t, NULL), TXF_ERR_SIZE_OVERFLOW,
	             "rows = cols = SIZE_MAX / 2");
	/* A small matrix whose ld * rows overflows. */
	txf_matrix wide_ld = f.in;
	wide_ld.ld = SIZE_MAX / 4;
	check_status(&f, transpose(&wide_ld, &f.out, NULL), TXF_ERR_SIZE_OVERFLOW,
	             "ld * (rows - 1) overflows");
	/* Elements that fit but whose bytes do not. */
	txf_matrix bytes = {f.bin.mem, 0, 1, SIZE_MAX / 8, SIZE_MAX / 8, TXF_C128, TXF_ROW_MAJOR};
	txf_matrix bytes_t = {f.bout.mem, 0, SIZE_MAX / 8, 1, 1, TXF_C128, TXF_ROW_MAJOR};
	check_status(&f, transpose(&bytes, &bytes_t, NULL), TXF_ERR_SIZE_OVERFLOW,
	             "element count * 16 bytes overflows");
	txf_matrix off = f.in;
	off.offset = SIZE_MAX - 10;
	check_status(&f, transpose(&off, &f.out, NULL), TXF_ERR_SIZE_OVERFLOW,
	             "offset + extent overflows");
	check_status(&f, txf_transpose_inplace(test_ctx, &huge, NULL, 0, NULL, NULL),
	             TXF_ERR_SIZE_OVERFLOW, "in place, rows = cols = SIZE_MAX / 2");
	fixture_free(&f);
}

static void test_dtype_errors(void **state)
{
	(void)state;
	fixture f = fixture_new();
	txf_matrix out = f.out;
	out.dtype = TXF_U32; /* same size, different type */
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_DTYPE_MISMATCH, "f32 -> u32");
	out = test_view(&f.bout, TXF_F64, COLS, ROWS, ROWS, 0, TXF_ROW_MAJOR);
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_DTYPE_MISMATCH, "f32 -> f64");

	static const int bad[] = {TXF_DTYPE_COUNT, 99, -1};
	for (size_t i = 0; i < COUNT(bad); i++) {
		txf_matrix in = f.in;
		out = f.out;
		in.dtype = out.dtype = (txf_dtype)bad[i];
		char what[64];
		snprintf(what, sizeof what, "dtype %d", bad[i]);
		check_status(&f, transpose(&in, &out, NULL), TXF_ERR_BAD_DTYPE, what);
		in = f.in;
		out.dtype = (txf_dtype)bad[i];
		check_status(&f, transpose(&in, &out, NULL), TXF_ERR_BAD_DTYPE, what);
		txf_choice ch;
		check_status(&f,
		             txf_transpose_explain(test_ctx, 4, 4, (txf_dtype)bad[i], 0, NULL, &ch),
		             TXF_ERR_BAD_DTYPE, what);
		assert_int_equal(txf_dtype_size((txf_dtype)bad[i]), 0);
		assert_null(txf_dtype_name((txf_dtype)bad[i]));
	}
	txf_matrix in = f.in;
	in.layout = (txf_layout)7;
	check_status(&f, transpose(&in, &f.out, NULL), TXF_ERR_INVALID_ARG, "layout 7");
	fixture_free(&f);
}

static void test_shape_mismatch(void **state)
{
	(void)state;
	fixture f = fixture_new();
	txf_matrix out = test_view(&f.bout, TXF_F32, ROWS, COLS, COLS, 0, TXF_ROW_MAJOR);
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_SHAPE_MISMATCH,
	             "out has in's shape");
	out = test_view(&f.bout, TXF_F32, COLS, ROWS - 1, ROWS, 0, TXF_ROW_MAJOR);
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_SHAPE_MISMATCH,
	             "out one column short");
	out = test_view(&f.bout, TXF_F32, 0, ROWS, ROWS, 0, TXF_ROW_MAJOR);
	check_status(&f, transpose(&f.in, &out, NULL), TXF_ERR_SHAPE_MISMATCH, "out empty, in not");
	fixture_free(&f);
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

/* Sub-buffer of parent from byte origin to its end. */
static cl_mem sub_buffer(cl_mem parent, size_t origin)
{
	size_t size = 0;
	assert_int_equal(clGetMemObjectInfo(parent, CL_MEM_SIZE, sizeof size, &size, NULL),
	                 CL_SUCCESS);
	cl_buffer_region r = {origin, size - origin};
	cl_int err;
	cl_mem m =
	    clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
	if (!m)
		fail_msg("clCreateSubBuffer(%zu, %zu): %d", origin, size - origin, (int)err);
	return m;
}

/* View m, which starts at byte `start` of its buffer, through a sub-buffer
 * whose origin is the aligned byte at or before the start. */
static cl_mem through_sub_buffer(txf_matrix *m)
{
	const size_t elem = txf_dtype_size(m->dtype), start = m->offset * elem;
	const size_t origin = start / base_align() * base_align();
	cl_mem sub = sub_buffer(m->buffer, origin);
	m->buffer = sub;
	m->offset = (start - origin) / elem;
	return sub;
}

/* One buffer holding an n x 2n row-major matrix M whose first element is at
 * element `at` of the buffer. subs: the right half is reached through a
 * sub-buffer (1), and the left one too (2); a sub-buffer reaches from the
 * aligned byte at or before its view's start to the buffer's end, so that
 * the right half's covers bytes of the left half's view. */
static void halves_through(size_t n, size_t at, int subs)
{
	const size_t ld = 2 * n, bytes = (at + n * ld) * 4;
	test_buffer b = test_buffer_new(bytes);
	unsigned char *image = test_image_poisoned(&b);
	test_fill_random(image + GUARD_BYTES, bytes);
	test_buffer_upload(&b, 0, image + GUARD_BYTES, bytes);
	txf_matrix whole = test_view(&b, TXF_F32, n, ld, ld, at, TXF_ROW_MAJOR), left, right;
	assert_int_equal(txf_matrix_section(&whole, 0, 0, n, n, &left), TXF_SUCCESS);
	assert_int_equal(txf_matrix_section(&whole, 0, n, n, n, &right), TXF_SUCCESS);
	cl_mem sub[2] = {subs >= 2 ? through_sub_buffer(&left) : NULL,
	                 subs >= 1 ? through_sub_buffer(&right) : NULL};
	cl_event ev = NULL;
	char what[128];
	snprintf(what, sizeof what,
	         "left half -> right half of a %zu x %zu matrix at element %zu, %d sub-buffers", n,
	         ld, at + GUARD_BYTES / 4, subs);
	txf_status s = txf_transpose(test_ctx, &left, &right, NULL, 0, NULL, &ev);
	if (s != TXF_SUCCESS) {
		char detail[1024];
		snprintf(detail, sizeof detail, "%s", txf_last_error());
		free(image);
		test_buffer_free(&b);
		fail_msg("%s: %s (%s)", what, txf_status_name(s), detail);
	}
	test_wait(ev);
	unsigned char *src = malloc(bytes);
	assert_non_null(src);
	memcpy(src, image + GUARD_BYTES, bytes);
	test_host_transpose(src, TXF_ROW_MAJOR, ld, at, image + GUARD_BYTES, TXF_ROW_MAJOR, ld,
	                    at + n, n, n, 4);
	test_assert_image(&b, image, 4, what);
	for (int i = 0; i < 2; i++)
		if (sub[i])
			clReleaseMemObject(sub[i]);
	free(src);
	free(image);
	test_buffer_free(&b);
}

static void halves(size_t n, size_t at)
{
	halves_through(n, at, 0);
}

static void test_overlap(void **state)
{
	(void)state;
	fixture f = fixture_new();
	/* A square in the input buffer moved by less than its size. */
	txf_matrix a = test_view(&f.bin, TXF_F32, 8, 8, 8, 0, TXF_ROW_MAJOR);
	txf_matrix b = test_view(&f.bin, TXF_F32, 8, 8, 8, 20, TXF_ROW_MAJOR);
	check_status(&f, transpose(&a, &b, NULL), TXF_ERR_OVERLAP, "shifted by 20 elements");
	check_status(&f, transpose(&a, &a, NULL), TXF_ERR_OVERLAP, "in == out");
	/* Sections of one wide matrix: columns 0-7 and 4-11. */
	txf_matrix wide = test_view(&f.bin, TXF_F32, 8, 16, 16, 0, TXF_ROW_MAJOR), l, r;
	assert_int_equal(txf_matrix_section(&wide, 0, 0, 8, 8, &l), TXF_SUCCESS);
	assert_int_equal(txf_matrix_section(&wide, 0, 4, 8, 8, &r), TXF_SUCCESS);
	check_status(&f, transpose(&l, &r, NULL), TXF_ERR_OVERLAP, "overlapping sections");
	/* Views of different layouts sharing elements. */
	txf_matrix c = test_view(&f.bin, TXF_F32, 8, 8, 8, 3, TXF_COL_MAJOR);
	check_status(&f, transpose(&a, &c, NULL), TXF_ERR_OVERLAP, "row-major over col-major");
	fixture_free(&f);

	/* Left and right halves of one matrix do not overlap; here M's rows
	 * start on multiples of ld from the buffer's start. */
	halves(16, 0);
	halves(37, 2 * 37 - GUARD_BYTES / 4 % (2 * 37));
}

/* The same halves with M elsewhere in the buffer: at element 69 with ld 32
 * the right half's rows cross multiples of ld, and at element 64 with ld 74
 * both halves' do. They still share no element. */
static void test_overlap_unaligned_halves(void **state)
{
	(void)state;
	halves(16, 5);
	halves(37, 0);
}

/* Overlap seen through sub-buffers: views in overlapping sub-buffers of one
 * parent, in a parent and its sub-buffer, and in sub-buffers whose origins
 * differ by other than a multiple of the row pitch, are compared in the
 * parent's bytes. Views that share no element still run. */
static void test_overlap_sub_buffers(void **state)
{
	(void)state;
	fixture f = fixture_new();
	const size_t align = base_align();
	/* The parent holds GUARD_BYTES + ROWS COLS 8 bytes + GUARD_BYTES. */
	assert_true(2 * align + 64 * 4 <= GUARD_BYTES + ROWS * COLS * 8);
	cl_mem low = sub_buffer(f.bin.mem, 0), high = sub_buffer(f.bin.mem, align);
	const size_t a0 = GUARD_BYTES / 4; /* the parent's usable start, elements */
	/* An 8 x 8 square at parent element a0 + 8 (past the high
	 * sub-buffer's origin where the alignment is over GUARD_BYTES), and
	 * views of the same square through each buffer. */
	const size_t sq = (a0 > align / 4 ? a0 : align / 4) + 8;
	txf_matrix in_parent = {f.bin.mem, sq, 8, 8, 8, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix in_low = in_parent, in_high = in_parent;
	in_low.buffer = low;
	in_high.buffer = high;
	in_high.offset = sq - align / 4;
	check_status(&f, transpose(&in_parent, &in_high, NULL), TXF_ERR_OVERLAP,
	             "a parent and its sub-buffer, the same elements");
	check_status(&f, transpose(&in_high, &in_parent, NULL), TXF_ERR_OVERLAP,
	             "a sub-buffer and its parent, the same elements");
	check_status(&f, transpose(&in_low, &in_high, NULL), TXF_ERR_OVERLAP,
	             "two sub-buffers, the same elements");
	/* Shifted by 20 elements (less than the square) and by 1. */
	txf_matrix shifted = in_high;
	shifted.offset += 20;
	check_status(&f, transpose(&in_low, &shifted, NULL), TXF_ERR_OVERLAP,
	             "overlapping sub-buffers, shifted by 20 elements");
	shifted = in_high;
	shifted.offset += 1;
	check_status(&f, transpose(&shifted, &in_parent, NULL), TXF_ERR_OVERLAP,
	             "parent and sub-buffer, shifted by 1 element");
	/* Sections of one 8 x 16 matrix (ld 16) at a0 + 8: columns 0-7 through
	 * the parent and columns 4-11 through a sub-buffer, whose origin is not
	 * on the matrix's grid of rows. */
	txf_matrix left = {f.bin.mem, sq, 8, 8, 16, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix mid = {high, sq + 4 - align / 4, 8, 8, 16, TXF_F32, TXF_ROW_MAJOR};
	check_status(&f, transpose(&left, &mid, NULL), TXF_ERR_OVERLAP,
	             "overlapping sections through a sub-buffer");
	/* Different layouts sharing elements. */
	txf_matrix col = {high, sq + 3 - align / 4, 8, 8, 8, TXF_F32, TXF_COL_MAJOR};
	check_status(&f, transpose(&in_low, &col, NULL), TXF_ERR_OVERLAP,
	             "row-major over col-major through sub-buffers");
	/* In place through the back door: a square and its own elements
	 * through a sub-buffer, both col-major. */
	txf_matrix cp = in_parent, ch = in_high;
	cp.layout = ch.layout = TXF_COL_MAJOR;
	check_status(&f, transpose(&cp, &ch, NULL), TXF_ERR_OVERLAP,
	             "col-major square and its sub-buffer view");
	clReleaseMemObject(low);
	clReleaseMemObject(high);
	fixture_free(&f);

	/* Halves of one matrix through sub-buffers share no element. */
	halves_through(16, 0, 1);
	halves_through(16, 5, 2);
	halves_through(37, 3, 1);
	halves_through(37, 0, 2);
}

static void test_bad_strategy(void **state)
{
	(void)state;
	fixture f = fixture_new();
	static const int bad[] = {99, TXF_STRATEGY_COUNT, -1};
	for (size_t i = 0; i < COUNT(bad); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = (txf_strategy)bad[i];
		char what[64];
		snprintf(what, sizeof what, "strategy %d", bad[i]);
		check_status(&f, transpose(&f.in, &f.out, &o), TXF_ERR_BAD_STRATEGY, what);
		txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
		check_status(&f, txf_transpose_inplace(test_ctx, &sq, &o, 0, NULL, NULL),
		             TXF_ERR_BAD_STRATEGY, what);
		txf_choice ch;
		check_status(&f, txf_transpose_explain(test_ctx, 4, 4, TXF_F32, 0, &o, &ch),
		             TXF_ERR_BAD_STRATEGY, what);
		assert_null(txf_strategy_name((txf_strategy)bad[i]));
	}
	/* PADCOPY is a matmul strategy. */
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = TXF_STRATEGY_PADCOPY;
	check_status(&f, transpose(&f.in, &f.out, &o), TXF_ERR_STRATEGY_NOT_APPLICABLE,
	             "transpose with padcopy");
	txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
	check_status(&f, txf_transpose_inplace(test_ctx, &sq, &o, 0, NULL, NULL),
	             TXF_ERR_STRATEGY_NOT_APPLICABLE, "in place with padcopy");
	static const char *const names[] = {"diagonal", "", "PAD", "pad ", "splitx"};
	for (size_t i = 0; i < COUNT(names); i++) {
		txf_strategy s = TXF_STRATEGY_SPLIT;
		check_status(&f, txf_strategy_parse(names[i], &s), TXF_ERR_BAD_STRATEGY, names[i]);
		assert_int_equal(s, TXF_STRATEGY_SPLIT);
	}
	for (int i = 0; i < TXF_STRATEGY_COUNT; i++) {
		txf_strategy s = TXF_STRATEGY_COUNT;
		const char *n = txf_strategy_name((txf_strategy)i);
		assert_non_null(n);
		assert_int_equal(txf_strategy_parse(n, &s), TXF_SUCCESS);
		assert_int_equal(s, i);
	}
	fixture_free(&f);
}

static void test_bad_tile(void **state)
{
	(void)state;
	fixture f = fixture_new();
	static const unsigned bad[][2] = {{3, 0},  {12, 0},  {2, 0},  {1, 0}, {256, 0},
	                                  {8, 3},  {8, 16},  {4, 8},  {0, 5}, {0, 256},
	                                  {32, 6}, {16, 32}, {200, 8}};
	for (size_t i = 0; i < COUNT(bad); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = i % 2 ? TXF_STRATEGY_PAD : TXF_STRATEGY_AUTO;
		o.tile = bad[i][0];
		o.wg_rows = bad[i][1];
		char what[64];
		snprintf(what, sizeof what, "tile %u wg_rows %u", o.tile, o.wg_rows);
		check_status(&f, transpose(&f.in, &f.out, &o), TXF_ERR_BAD_TILE, what);
		txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
		check_status(&f, txf_transpose_inplace(test_ctx, &sq, &o, 0, NULL, NULL),
		             TXF_ERR_BAD_TILE, what);
	}
	fixture_free(&f);
}

/* Local tiles of the in-place kernel asked of an out-of-place transpose
 * (any strategy), and counts other than 0, 1 and 2 anywhere: the setter
 * refuses them, leaving the options as they were, and so does every
 * operation that is given one placed in the options' list directly. */
static void test_bad_inplace_tiles(void **state)
{
	(void)state;
	fixture f = fixture_new();
	static const txf_strategy st[] = {TXF_STRATEGY_AUTO, TXF_STRATEGY_PAD,
	                                  TXF_STRATEGY_TRUNCATE, TXF_STRATEGY_SPLIT,
	                                  TXF_STRATEGY_SIMPLE};
	for (size_t i = 0; i < COUNT(st); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = st[i];
		const int tiles = 1 + (int)(i % 2);
		test_topt(&o, "inplace_tiles", tiles);
		char what[64];
		snprintf(what, sizeof what, "%s out of place with %d local tiles",
		         txf_strategy_name(st[i]), tiles);
		check_status(&f, transpose(&f.in, &f.out, &o), TXF_ERR_STRATEGY_NOT_APPLICABLE,
		             what);
	}
	static const int bad[] = {3, -1, 1000};
	for (size_t i = 0; i < COUNT(bad); i++) {
		txf_transpose_options o, before;
		txf_transpose_options_default(&o);
		test_topt(&o, "inplace_tiles", 1);
		memcpy(&before, &o, sizeof before);
		char what[64];
		snprintf(what, sizeof what, "setting %d local tiles", bad[i]);
		check_status(&f, txf_transpose_options_set(&o, "inplace_tiles", bad[i]),
		             TXF_ERR_BAD_PARAM, what);
		if (!strstr(txf_last_error(), "inplace_tiles"))
			fail_msg("%s: the message should name the parameter: %s", what,
			         txf_last_error());
		assert_memory_equal(&o, &before, sizeof o);

		txf_transpose_options_default(&o);
		o.params[0].name = "inplace_tiles";
		o.params[0].value = bad[i];
		o.num_params = 1;
		snprintf(what, sizeof what, "%d local tiles", bad[i]);
		check_status(&f, transpose(&f.in, &f.out, &o), TXF_ERR_BAD_PARAM, what);
		txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
		check_status(&f, txf_transpose_inplace(test_ctx, &sq, &o, 0, NULL, NULL),
		             TXF_ERR_BAD_PARAM, what);
		txf_choice ch;
		check_status(&f, txf_transpose_explain(test_ctx, COLS, COLS, TXF_F32, 1, &o, &ch),
		             TXF_ERR_BAD_PARAM, what);
	}
	fixture_free(&f);
}

/* A tile the device cannot run, worked out from its profile: a work-group
 * of more work-items than it allows, or larger than its item sizes, or
 * failing that a local tile larger than its local memory. */
static void test_tile_unsupported(void **state)
{
	(void)state;
	txf_device_profile p;
	assert_int_equal(txf_context_profile(test_ctx, &p), TXF_SUCCESS);
	unsigned tile = 0, rows = 0;
	txf_dtype t = TXF_F32;
	for (unsigned T = 128; T >= 4 && !tile; T /= 2)
		for (unsigned R = T; R >= 1 && !tile; R /= 2)
			if ((size_t)T * R > p.max_work_group_size || T > p.max_work_item_sizes[0] ||
			    R > p.max_work_item_sizes[1])
				tile = T, rows = R;
	if (!tile && (cl_ulong)128 * 129 * 16 > p.local_mem_size)
		tile = 128, rows = 1, t = TXF_C128;
	if (!tile) {
		print_message("the device runs every tile from 4 to 128\n");
		skip();
	}
	fixture f = fixture_new();
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.tile = tile;
	o.wg_rows = rows;
	char what[96];
	snprintf(what, sizeof what, "tile %u x %u (device allows %zu work-items)", tile, rows,
	         p.max_work_group_size);
	txf_matrix in = test_view(&f.bin, t, 4, 4, 4, 0, TXF_ROW_MAJOR);
	txf_matrix out = test_view(&f.bout, t, 4, 4, 4, 0, TXF_ROW_MAJOR);
	static const txf_strategy s[] = {TXF_STRATEGY_AUTO, TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT};
	for (size_t i = 0; i < COUNT(s); i++) {
		o.strategy = s[i];
		check_status(&f, transpose(&in, &out, &o), TXF_ERR_TILE_UNSUPPORTED, what);
		if (s[i] != TXF_STRATEGY_SPLIT)
			check_status(&f, txf_transpose_inplace(test_ctx, &out, &o, 0, NULL, NULL),
			             TXF_ERR_TILE_UNSUPPORTED, what);
		txf_choice ch;
		check_status(&f, txf_transpose_explain(test_ctx, 4, 4, t, 0, &o, &ch),
		             TXF_ERR_TILE_UNSUPPORTED, what);
	}
	fixture_free(&f);
}

/* ------------------------------------------------------- kernel sources */

static char *make_temp_dir(void)
{
	char *dir = strdup("/tmp/txf-test-XXXXXX");
	assert_non_null(dir);
	assert_non_null(mkdtemp(dir));
	return dir;
}

static char *path_join(const char *dir, const char *file)
{
	size_t n = strlen(dir) + strlen(file) + 2;
	char *p = malloc(n);
	assert_non_null(p);
	snprintf(p, n, "%s/%s", dir, file);
	return p;
}

static void write_file(const char *dir, const char *file, const char *text, size_t n)
{
	char *p = path_join(dir, file);
	FILE *f = fopen(p, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
	free(p);
}

static char *read_source_file(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	char *buf = malloc(1 << 20);
	assert_non_null(buf);
	*n = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

static void remove_temp_dir(char *dir, const char *const *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *p = path_join(dir, files[i]);
		unlink(p);
		free(p);
	}
	rmdir(dir);
	free(dir);
}

/* A context on the shared OpenCL objects whose kernel path is `dir`,
 * searched alone if `only`. */
static txf_context *context_with_kernel_path(const char *dir, int only)
{
	txf_context_options opts;
	txf_context_options_default(&opts);
	opts.kernel_path = dir;
	opts.kernel_path_only = only;
	txf_context *c = NULL;
	txf_status s =
	    txf_context_wrap(&c, txf_context_cl_context(test_ctx), txf_context_device(test_ctx),
	                     txf_context_queue(test_ctx), &opts);
	if (s != TXF_SUCCESS)
		fail_msg("txf_context_wrap: %s (%s)", txf_status_name(s), txf_last_error());
	return c;
}

/* kernel_path is searched first: a common.cl that is fine and a transpose.cl
 * with a syntax error there make every transpose fail to build, with the
 * build log kept and nothing written. */
static void test_build_failure(void **state)
{
	(void)state;
	size_t n = 0;
	char *common = read_source_file(TXF_TEST_SRCDIR "/../cl/common.cl", &n);
	char *dir = make_temp_dir();
	write_file(dir, "common.cl", common, n);
	free(common);
	static const char broken[] =
	    "__kernel void transpose_simple(__global const elem_t *in, ulong in_off\n"
	    "{\n\tthis is not OpenCL C;\n}\n";
	write_file(dir, "transpose.cl", broken, sizeof broken - 1);

	txf_context *c = context_with_kernel_path(dir, 0);
	fixture f = fixture_new();
	static const txf_strategy s[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT};
	for (size_t i = 0; i < COUNT(s); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = s[i];
		cl_event ev = NULL;
		txf_status st = txf_transpose(c, &f.in, &f.out, &o, 0, NULL, &ev);
		if (st == TXF_SUCCESS)
			clReleaseEvent(ev);
		check_status(&f, st, TXF_ERR_BUILD_FAILED, txf_strategy_name(s[i]));
		assert_non_null(strstr(txf_last_error(), "transpose.cl"));
		assert_true(strlen(txf_last_build_log()) > 0);
		if (s[i] == TXF_STRATEGY_SPLIT)
			continue; /* not an in-place strategy */
		txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
		check_status(&f, txf_transpose_inplace(c, &sq, &o, 0, NULL, NULL),
		             TXF_ERR_BUILD_FAILED, "in place");
		assert_true(strlen(txf_last_build_log()) > 0);
	}
	fixture_free(&f);
	txf_context_release(&c);
	static const char *const files[] = {"common.cl", "transpose.cl"};
	remove_temp_dir(dir, files, COUNT(files));
}

/* Kernel sources found nowhere. With kernel_path_only the library looks in
 * the caller's directory alone: there an empty one makes every transpose
 * fail with TXF_ERR_KERNEL_NOT_FOUND, naming the directory, with nothing
 * written. */
static void test_kernel_not_found(void **state)
{
	(void)state;
	char *dir = make_temp_dir();
	txf_context *c = context_with_kernel_path(dir, 1);
	fixture f = fixture_new();
	static const txf_strategy s[] = {TXF_STRATEGY_SIMPLE, TXF_STRATEGY_PAD, TXF_STRATEGY_SPLIT,
	                                 TXF_STRATEGY_AUTO};
	for (size_t i = 0; i < COUNT(s); i++) {
		txf_transpose_options o;
		txf_transpose_options_default(&o);
		o.strategy = s[i];
		check_status(&f, transpose_on(c, &f.in, &f.out, &o), TXF_ERR_KERNEL_NOT_FOUND,
		             txf_strategy_name(s[i]));
		if (!strstr(txf_last_error(), dir) || !strstr(txf_last_error(), ".cl"))
			fail_msg("the message should name the file and %s: %s", dir,
			         txf_last_error());
	}
	txf_matrix sq = test_view(&f.bout, TXF_F32, COLS, COLS, COLS, 0, TXF_ROW_MAJOR);
	check_status(&f, txf_transpose_inplace(c, &sq, NULL, 0, NULL, NULL),
	             TXF_ERR_KERNEL_NOT_FOUND, "in place");
	assert_non_null(strstr(txf_last_error(), dir));
	fixture_free(&f);
	txf_context_release(&c);
	remove_temp_dir(dir, NULL, 0);
}

/* The search path: the kernel_path option's directories first, then
 * TXF_KERNEL_PATH's, then the source tree's and the installed ones; a file
 * found in none is reported with every directory searched. An empty
 * kernel_path directory is passed over for the next one. */
static void test_kernel_search_path(void **state)
{
	(void)state;
	char *dir = make_temp_dir(), *env_dir = make_temp_dir();
	const char *old = getenv("TXF_KERNEL_PATH");
	char *saved = old ? strdup(old) : NULL;
	assert_int_equal(setenv("TXF_KERNEL_PATH", env_dir, 1), 0);
	txf_context *c = context_with_kernel_path(dir, 0);

	char *text = NULL;
	txf_status s = txf__load_source(c, "no_such_kernel.cl", &text);
	char detail[1024];
	snprintf(detail, sizeof detail, "%s", txf_last_error());
	char *path = txf__kernel_search_path(c);
	if (saved)
		setenv("TXF_KERNEL_PATH", saved, 1);
	else
		unsetenv("TXF_KERNEL_PATH");
	free(saved);
	assert_int_equal(s, TXF_ERR_KERNEL_NOT_FOUND);
	assert_null(text);
	assert_non_null(strstr(detail, "no_such_kernel.cl"));
	const char *at_dir = strstr(detail, dir), *at_env = strstr(detail, env_dir);
	if (!at_dir || !at_env || at_dir > at_env)
		fail_msg("the message should name %s, then %s: %s", dir, env_dir, detail);
	assert_non_null(path);
	size_t dirs = 0;
	for (char *save = NULL, *d = strtok_r(path, ":", &save); d;
	     d = strtok_r(NULL, ":", &save), dirs++)
		if (!strstr(detail, d))
			fail_msg("the message does not name %s: %s", d, detail);
	assert_true(dirs >= 3);
	free(path);

	fixture f = fixture_new();
	cl_event ev = NULL;
	s = txf_transpose(c, &f.in, &f.out, NULL, 0, NULL, &ev);
	if (s != TXF_SUCCESS)
		fail_msg("with an empty kernel_path: %s (%s)", txf_status_name(s),
		         txf_last_error());
	test_wait(ev);
	fixture_free(&f);
	txf_context_release(&c);
	remove_temp_dir(dir, NULL, 0);
	remove_temp_dir(env_dir, NULL, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_status_names),
	    cmocka_unit_test(test_null_arguments),
	    cmocka_unit_test(test_wait_lists),
	    cmocka_unit_test(test_bad_ld),
	    cmocka_unit_test(test_out_of_bounds),
	    cmocka_unit_test(test_size_overflow),
	    cmocka_unit_test(test_dtype_errors),
	    cmocka_unit_test(test_shape_mismatch),
	    cmocka_unit_test(test_overlap),
	    cmocka_unit_test(test_overlap_unaligned_halves),
	    cmocka_unit_test(test_overlap_sub_buffers),
	    cmocka_unit_test(test_bad_strategy),
	    cmocka_unit_test(test_bad_tile),
	    cmocka_unit_test(test_bad_inplace_tiles),
	    cmocka_unit_test(test_tile_unsupported),
	    cmocka_unit_test(test_build_failure),
	    cmocka_unit_test(test_kernel_not_found),
	    cmocka_unit_test(test_kernel_search_path),
	};
	return cmocka_run_group_tests(tests, test_context_setup, test_context_teardown);
}
