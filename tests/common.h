/* Helpers shared by the test suites: a context on the test device, random
 * inputs, poisoned outputs with guard bands, and host references. */
#ifndef TXF_TEST_COMMON_H
#define TXF_TEST_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "tiledxform.h"

/* Bytes of poison kept on each side of every output. */
#define GUARD_BYTES 256
#define POISON_BYTE 0xA5

/* The context all tests of a suite share (created by test_context_setup). */
extern txf_context *test_ctx;
int test_context_setup(void **state);
int test_context_teardown(void **state);

/* Deterministic random bytes; seed from TXF_TEST_SEED or a fixed one. */
void test_rng_seed(uint64_t seed);
uint64_t test_rng_next(void);
void test_fill_random(void *p, size_t bytes);

/* A device buffer of `bytes` plus guard bands, all poisoned. */
typedef struct test_buffer {
	cl_mem mem;
	size_t bytes; /* usable bytes, starting at guard offset GUARD_BYTES */
} test_buffer;

test_buffer test_buffer_new(size_t bytes);
void test_buffer_free(test_buffer *b);
/* Write host bytes at byte offset `at` of the usable region. */
void test_buffer_upload(test_buffer *b, size_t at, const void *src, size_t n);
/* Read the whole buffer (guards included) into a new host array. */
unsigned char *test_buffer_download_all(test_buffer *b);
/* Assert that both guard bands are still poisoned. */
void test_assert_guards(test_buffer *b);

/* A matrix view into a test buffer: GUARD_BYTES / elem is added to offset.
 * elem must divide GUARD_BYTES (1, 2, 4, 8, 16 all do). */
txf_matrix test_view(test_buffer *b, txf_dtype t, size_t rows, size_t cols, size_t ld,
                     size_t offset, txf_layout layout);

/* Bytes the view spans from its buffer's usable start (offset included). */
size_t test_view_span(txf_dtype t, size_t rows, size_t cols, size_t ld, size_t offset,
                      txf_layout layout);

/* Element (i, j) address of a host matrix laid out like a view. */
static inline size_t test_index(txf_layout l, size_t ld, size_t offset, size_t i, size_t j)
{
	return offset + (l == TXF_COL_MAJOR ? j * ld + i : i * ld + j);
}

/* Wait for and release an event, asserting success. */
void test_wait(cl_event ev);

/* Host reference transpose: out (cols x rows) = transpose of in (rows x
 * cols). Each side has its own layout, leading dimension and offset, both in
 * elements of elem bytes, as test_index addresses them. */
void test_host_transpose(const void *in, txf_layout in_layout, size_t in_ld, size_t in_off,
                         void *out, txf_layout out_layout, size_t out_ld, size_t out_off,
                         size_t rows, size_t cols, size_t elem);

/* A host image of a whole test buffer (guards included), every byte poison:
 * what an untouched buffer holds. Free it with free(). */
unsigned char *test_image_poisoned(const test_buffer *b);

/* Download the whole buffer and compare it byte for byte with `want` (an
 * image as above). On a difference, fail naming `what`, the first element
 * that differs (elem bytes each, counted from the usable start) or the guard
 * band hit, and how many bytes differ. */
void test_assert_image(test_buffer *b, const unsigned char *want, size_t elem, const char *what);

/* A new tuning with no entry and no limits, its header set: mode, and a
 * fixed creation time. Release it with txf_tuning_release. */
txf_tuning *test_tuning_blank(const char *mode);

/* Set a parameter by name, failing the test if the setter refuses it. */
void test_topt(txf_transpose_options *o, const char *name, long long value);
void test_mopt(txf_matmul_options *o, const char *name, long long value);
/* A choice's parameter by name, failing the test if it has none. */
long long test_cparam(const txf_choice *c, const char *name);
long long test_mparam(const txf_matmul_choice *c, const char *name);
/* A tuned entry's parameter by name; 0 where the entry leaves it out. */
long long test_tparam(const txf_tuned *e, const char *name);
/* Put name = value in a tuned entry's list (replacing the same name). */
void test_tuned_put(txf_tuned *e, const char *name, long long value);

/* The kernel objects a context keeps, holds for an operation now, and has
 * created in all. */
typedef struct test_kernels {
	unsigned long kept, busy, created;
} test_kernels;
test_kernels test_kernels_of(txf_context *ctx);
/* After a second round of the same operations as `first`: no kernel is
 * held, none was created, and the context keeps as many as before. */
void test_assert_no_new_kernels(const test_kernels *first, const test_kernels *second);

#endif
