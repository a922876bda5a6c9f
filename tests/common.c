#include "common.h"
#include "txf_internal.h" /* txf__kernel_counts */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

txf_context *test_ctx;
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

int test_context_setup(void **state)
{
	(void)state;
	const char *seed = getenv("TXF_TEST_SEED");
	test_rng_seed(seed ? strtoull(seed, NULL, 0) : 20261121u);
	txf_status s = txf_context_create(&test_ctx, NULL);
	if (s != TXF_SUCCESS) {
		fprintf(stderr, "cannot create a context: %s: %s\n", txf_status_name(s),
		        txf_last_error());
		return -1;
	}
	return 0;
}

int test_context_teardown(void **state)
{
	(void)state;
	txf_context_release(&test_ctx);
	return 0;
}

void test_rng_seed(uint64_t seed)
{
	rng_state = seed ? seed : 1;
}

uint64_t test_rng_next(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

void test_fill_random(void *p, size_t bytes)
{
	unsigned char *c = p;
	size_t i = 0;
	for (; i + 8 <= bytes; i += 8) {
		uint64_t r = test_rng_next();
		memcpy(c + i, &r, 8);
	}
	uint64_t r = test_rng_next();
	for (; i < bytes; i++, r >>= 8)
		c[i] = (unsigned char)r;
}

test_buffer test_buffer_new(size_t bytes)
{
	test_buffer b = {NULL, bytes};
	size_t total = bytes + 2 * GUARD_BYTES;
	cl_int err;
	b.mem =
	    clCreateBuffer(txf_context_cl_context(test_ctx), CL_MEM_READ_WRITE, total, NULL, &err);
	assert_non_null(b.mem);
	unsigned char *poison = malloc(total);
	assert_non_null(poison);
	memset(poison, POISON_BYTE, total);
	err = clEnqueueWriteBuffer(txf_context_queue(test_ctx), b.mem, CL_TRUE, 0, total, poison, 0,
	                           NULL, NULL);
	assert_int_equal(err, CL_SUCCESS);
	free(poison);
	return b;
}

void test_buffer_free(test_buffer *b)
{
	if (b->mem)
		clReleaseMemObject(b->mem);
	b->mem = NULL;
}

void test_buffer_upload(test_buffer *b, size_t at, const void *src, size_t n)
{
	assert_true(at + n <= b->bytes);
	cl_int err = clEnqueueWriteBuffer(txf_context_queue(test_ctx), b->mem, CL_TRUE,
	                                  GUARD_BYTES + at, n, src, 0, NULL, NULL);
	assert_int_equal(err, CL_SUCCESS);
}

unsigned char *test_buffer_download_all(test_buffer *b)
{
	size_t total = b->bytes + 2 * GUARD_BYTES;
	unsigned char *h = malloc(total);
	assert_non_null(h);
	cl_int err = clEnqueueReadBuffer(txf_context_queue(test_ctx), b->mem, CL_TRUE, 0, total, h,
	                                 0, NULL, NULL);
	assert_int_equal(err, CL_SUCCESS);
	return h;
}

void test_assert_guards(test_buffer *b)
{
	unsigned char *h = test_buffer_download_all(b);
	for (size_t i = 0; i < GUARD_BYTES; i++) {
		if (h[i] != POISON_BYTE || h[GUARD_BYTES + b->bytes + i] != POISON_BYTE) {
			free(h);
			fail_msg("guard band overwritten near byte %zu", i);
		}
	}
	free(h);
}

txf_matrix test_view(test_buffer *b, txf_dtype t, size_t rows, size_t cols, size_t ld,
                     size_t offset, txf_layout layout)
{
	txf_matrix m = {b->mem, offset + GUARD_BYTES / txf_dtype_size(t), rows, cols, ld, t,
	                layout};
	return m;
}

size_t test_view_span(txf_dtype t, size_t rows, size_t cols, size_t ld, size_t offset,
                      txf_layout layout)
{
	size_t prow = layout == TXF_COL_MAJOR ? cols : rows;
	size_t pcol = layout == TXF_COL_MAJOR ? rows : cols;
	if (!prow || !pcol)
		return offset * txf_dtype_size(t);
	return (offset + (prow - 1) * ld + pcol) * txf_dtype_size(t);
}

void test_wait(cl_event ev)
{
	assert_non_null(ev);
	assert_int_equal(clWaitForEvents(1, &ev), CL_SUCCESS);
	cl_int st = 1;
	assert_int_equal(
	    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
	    CL_SUCCESS);
	assert_int_equal(st, CL_COMPLETE);
	clReleaseEvent(ev);
}

/* Element copies of a fixed size, so that the compiler turns each memcpy
 * into a plain load and store. */
#define TRANSPOSE_LOOP(SIZE)                                               \
	for (size_t i = 0; i < rows; i++)                                  \
		for (size_t j = 0; j < cols; j++)                          \
	memcpy(o + test_index(out_layout, out_ld, out_off, j, i) * (SIZE), \
	       s + test_index(in_layout, in_ld, in_off, i, j) * (SIZE), (SIZE))

void test_host_transpose(const void *in, txf_layout in_layout, size_t in_ld, size_t in_off,
                         void *out, txf_layout out_layout, size_t out_ld, size_t out_off,
                         size_t rows, size_t cols, size_t elem)
{
	const unsigned char *s = in;
	unsigned char *o = out;
	switch (elem) {
	case 1:
		TRANSPOSE_LOOP(1);
		break;
	case 2:
		TRANSPOSE_LOOP(2);
		break;
	case 4:
		TRANSPOSE_LOOP(4);
		break;
	case 8:
		TRANSPOSE_LOOP(8);
		break;
	case 16:
		TRANSPOSE_LOOP(16);
		break;
	default:
		TRANSPOSE_LOOP(elem);
		break;
	}
}

unsigned char *test_image_poisoned(const test_buffer *b)
{
	size_t total = b->bytes + 2 * GUARD_BYTES;
	unsigned char *h = malloc(total);
	assert_non_null(h);
	memset(h, POISON_BYTE, total);
	return h;
}

void test_assert_image(test_buffer *b, const unsigned char *want, size_t elem, const char *what)
{
	size_t total = b->bytes + 2 * GUARD_BYTES;
	unsigned char *got = test_buffer_download_all(b);
	if (memcmp(got, want, total) == 0) {
		free(got);
		return;
	}
	size_t first = 0, count = 0;
	for (size_t i = total; i-- > 0;)
		if (got[i] != want[i])
			first = i, count++;
	free(got);
	if (first < GUARD_BYTES || first >= GUARD_BYTES + b->bytes)
		fail_msg("%s: guard band overwritten at byte %zu of %zu (%zu bytes differ)", what,
		         first, total, count);
	size_t at = first - GUARD_BYTES;
	fail_msg("%s: element %zu (usable byte %zu of %zu) differs, %zu bytes differ in all", what,
	         at / (elem ? elem : 1), at, b->bytes, count);
}

txf_tuning *test_tuning_blank(const char *mode)
{
	txf_tuning *t = NULL;
	assert_int_equal(txf_tuning_create(&t), TXF_SUCCESS);
	assert_int_equal(txf_tuning_set_info(t, mode, "2026-11-21T12:00:00Z"), TXF_SUCCESS);
	return t;
}

void test_topt(txf_transpose_options *o, const char *name, long long value)
{
	txf_status s = txf_transpose_options_set(o, name, value);
	if (s != TXF_SUCCESS)
		fail_msg("transpose %s = %lld refused: %s", name, value, txf_last_error());
}

void test_mopt(txf_matmul_options *o, const char *name, long long value)
{
	txf_status s = txf_matmul_options_set(o, name, value);
	if (s != TXF_SUCCESS)
		fail_msg("matmul %s = %lld refused: %s", name, value, txf_last_error());
}

long long test_cparam(const txf_choice *c, const char *name)
{
	long long v = 0;
	if (txf_choice_param(c, name, &v) != TXF_SUCCESS)
		fail_msg("the choice has no %s: %s", name, txf_last_error());
	return v;
}

long long test_mparam(const txf_matmul_choice *c, const char *name)
{
	long long v = 0;
	if (txf_matmul_choice_param(c, name, &v) != TXF_SUCCESS)
		fail_msg("the matmul choice has no %s: %s", name, txf_last_error());
	return v;
}

long long test_tparam(const txf_tuned *e, const char *name)
{
	for (unsigned i = 0; i < e->num_params && i < TXF_MAX_PARAMS; i++)
		if (strcmp(e->params[i].name, name) == 0)
			return e->params[i].value;
	return 0;
}

void test_tuned_put(txf_tuned *e, const char *name, long long value)
{
	for (unsigned i = 0; i < e->num_params && i < TXF_MAX_PARAMS; i++)
		if (strcmp(e->params[i].name, name) == 0) {
			e->params[i].value = value;
			return;
		}
	assert_true(e->num_params < TXF_MAX_PARAMS);
	e->params[e->num_params].name = name;
	e->params[e->num_params].value = value;
	e->num_params++;
}

test_kernels test_kernels_of(txf_context *ctx)
{
	test_kernels k;
	txf__kernel_counts(ctx, &k.kept, &k.busy, &k.created);
	return k;
}

void test_assert_no_new_kernels(const test_kernels *first, const test_kernels *second)
{
	assert_int_equal(first->busy, 0);
	assert_int_equal(second->busy, 0);
	if (second->created != first->created)
		fail_msg("the second round created %lu kernels", second->created - first->created);
	assert_int_equal(second->kept, first->kept);
}
