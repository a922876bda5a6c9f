/* Matrix views: checks, sections, allocation, host write and read with
 * host leading dimensions, offsets and both layouts. */
#include "common.h"

#include <stdlib.h>
#include <string.h>

static void view_defaults(void **state)
{
	(void)state;
	txf_matrix r = txf_matrix_view(NULL, TXF_F32, 3, 5, TXF_ROW_MAJOR);
	assert_int_equal(r.ld, 5);
	txf_matrix c = txf_matrix_view(NULL, TXF_F32, 3, 5, TXF_COL_MAJOR);
	assert_int_equal(c.ld, 3);
	assert_int_equal(c.offset, 0);
}

static void sections(void **state)
{
	(void)state;
	txf_matrix m = {NULL, 7, 10, 20, 25, TXF_F64, TXF_ROW_MAJOR};
	txf_matrix s;
	assert_int_equal(txf_matrix_section(&m, 2, 3, 4, 5, &s), TXF_SUCCESS);
	assert_int_equal(s.offset, 7 + 2 * 25 + 3);
	assert_int_equal(s.rows, 4);
	assert_int_equal(s.cols, 5);
	assert_int_equal(s.ld, 25);
	/* A section of a section is a section. */
	txf_matrix t;
	assert_int_equal(txf_matrix_section(&s, 1, 1, 2, 2, &t), TXF_SUCCESS);
	assert_int_equal(t.offset, 7 + 3 * 25 + 4);
	m.layout = TXF_COL_MAJOR;
	m.ld = 12;
	assert_int_equal(txf_matrix_section(&m, 2, 3, 4, 5, &s), TXF_SUCCESS);
	assert_int_equal(s.offset, 7 + 3 * 12 + 2);
	/* Sections that do not fit. */
	memset(&t, 0x5a, sizeof t);
	txf_matrix before = t;
	assert_int_equal(txf_matrix_section(&m, 8, 0, 3, 1, &t), TXF_ERR_OUT_OF_BOUNDS);
	assert_int_equal(txf_matrix_section(&m, 0, 19, 1, 2, &t), TXF_ERR_OUT_OF_BOUNDS);
	assert_int_equal(txf_matrix_section(&m, SIZE_MAX, 0, 2, 1, &t), TXF_ERR_OUT_OF_BOUNDS);
	assert_memory_equal(&t, &before, sizeof t);
	assert_int_equal(txf_matrix_section(&m, 10, 20, 0, 0, &t), TXF_SUCCESS);
	assert_int_equal(txf_matrix_section(NULL, 0, 0, 1, 1, &t), TXF_ERR_NULL_ARG);
}

static void checks(void **state)
{
	(void)state;
	txf_matrix m;
	assert_int_equal(txf_matrix_alloc(test_ctx, TXF_U16, 10, 20, TXF_ROW_MAJOR, &m),
	                 TXF_SUCCESS);
	assert_int_equal(txf_matrix_check(&m), TXF_SUCCESS);
	txf_matrix v = m;
	v.ld = 19;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_BAD_LD);
	assert_non_null(strstr(txf_last_error(), "ld = 19"));
	v = m;
	v.layout = TXF_COL_MAJOR;
	v.ld = 9;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_BAD_LD);
	v.ld = 10;
	assert_int_equal(txf_matrix_check(&v), TXF_SUCCESS);
	v = m;
	v.offset = 1;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_OUT_OF_BOUNDS);
	v = m;
	v.rows = 11;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_OUT_OF_BOUNDS);
	v = m;
	v.rows = SIZE_MAX / 4;
	v.ld = 64;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_SIZE_OVERFLOW);
	v = m;
	v.offset = SIZE_MAX - 10;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_SIZE_OVERFLOW);
	v = m;
	v.dtype = TXF_DTYPE_COUNT;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_BAD_DTYPE);
	v = m;
	v.layout = (txf_layout)7;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_INVALID_ARG);
	v = m;
	v.buffer = NULL;
	assert_int_equal(txf_matrix_check(&v), TXF_ERR_NULL_ARG);
	v.rows = 0; /* an empty view needs no buffer */
	assert_int_equal(txf_matrix_check(&v), TXF_SUCCESS);
	assert_int_equal(txf_matrix_check(NULL), TXF_ERR_NULL_ARG);
	txf_matrix_free(&m);
	assert_null(m.buffer);
	txf_matrix_free(&m);

	txf_matrix big;
	assert_int_equal(txf_matrix_alloc(test_ctx, TXF_F64, SIZE_MAX / 2, 4, TXF_ROW_MAJOR, &big),
	                 TXF_ERR_SIZE_OVERFLOW);
	assert_null(big.buffer);
	txf_device_profile p;
	assert_int_equal(txf_context_profile(test_ctx, &p), TXF_SUCCESS);
	assert_int_equal(
	    txf_matrix_alloc(test_ctx, TXF_U8, (size_t)p.max_alloc_size, 2, TXF_ROW_MAJOR, &big),
	    TXF_ERR_TOO_LARGE);
}

/* Write a host matrix with host_ld into a view with an offset and ld, read
 * the whole buffer back and compare element by element; elements outside
 * the view keep the poison. */
static void write_read_case(txf_dtype t, txf_layout layout, size_t rows, size_t cols, size_t ld,
                            size_t offset, size_t host_ld, int blocking)
{
	size_t e = txf_dtype_size(t);
	size_t prow = layout == TXF_COL_MAJOR ? cols : rows;
	size_t pcol = layout == TXF_COL_MAJOR ? rows : cols;
	size_t span = test_view_span(t, rows, cols, ld, offset, layout);
	test_buffer b = test_buffer_new(span + 3 * e);
	txf_matrix m = test_view(&b, t, rows, cols, ld, offset, layout);
	size_t hbytes = (prow ? (prow - 1) * host_ld + pcol : 0) * e;
	unsigned char *host = malloc(hbytes + 1), *back = malloc(hbytes + 1);
	test_fill_random(host, hbytes);
	memset(back, 0x11, hbytes);
	cl_event w = NULL, r = NULL;
	assert_int_equal(txf_matrix_write(test_ctx, &m, host, host_ld, blocking, 0, NULL, &w),
	                 TXF_SUCCESS);
	assert_int_equal(txf_matrix_read(test_ctx, &m, back, host_ld, blocking, 1, &w, &r),
	                 TXF_SUCCESS);
	test_wait(r);
	clReleaseEvent(w);
	for (size_t i = 0; i < prow; i++)
		assert_memory_equal(back + i * host_ld * e, host + i * host_ld * e, pcol * e);
	unsigned char *all = test_buffer_download_all(&b);
	unsigned char *base = all + GUARD_BYTES;
	for (size_t pos = 0; pos < b.bytes / e; pos++) {
		bool inside = false;
		if (pos >= offset && prow && pcol) {
			size_t rel = pos - offset;
			inside = rel / ld < prow && rel % ld < pcol;
		}
		if (inside) {
			size_t rel = pos - offset;
			assert_memory_equal(base + pos * e,
			                    host + (rel / ld * host_ld + rel % ld) * e, e);
		} else {
			for (size_t k = 0; k < e; k++)
				assert_int_equal(base[pos * e + k], POISON_BYTE);
		}
	}
	free(all);
	test_assert_guards(&b);
	test_buffer_free(&b);
	free(host);
	free(back);
}

static void write_read(void **state)
{
	(void)state;
	const txf_dtype types[] = {TXF_U8, TXF_I16, TXF_F32, TXF_F64, TXF_C128};
	for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
		write_read_case(types[i], TXF_ROW_MAJOR, 7, 5, 5, 0, 5, 1);
		write_read_case(types[i], TXF_ROW_MAJOR, 7, 5, 9, 3, 6, 0);
		write_read_case(types[i], TXF_COL_MAJOR, 7, 5, 11, 2, 8, 1);
		write_read_case(types[i], TXF_COL_MAJOR, 1, 13, 4, 1, 1, 0);
		write_read_case(types[i], TXF_ROW_MAJOR, 1, 1, 1, 5, 1, 1);
		/* A view whose rows wrap past ld from the offset's column. */
		write_read_case(types[i], TXF_ROW_MAJOR, 3, 4, 6, 4, 4, 1);
	}
}

static void write_read_errors(void **state)
{
	(void)state;
	txf_matrix m;
	assert_int_equal(txf_matrix_alloc(test_ctx, TXF_F32, 4, 4, TXF_ROW_MAJOR, &m), TXF_SUCCESS);
	float host[16] = {0};
	assert_int_equal(txf_matrix_write(test_ctx, &m, NULL, 0, 1, 0, NULL, NULL),
	                 TXF_ERR_NULL_ARG);
	assert_int_equal(txf_matrix_write(test_ctx, &m, host, 3, 1, 0, NULL, NULL), TXF_ERR_BAD_LD);
	assert_int_equal(txf_matrix_write(NULL, &m, host, 0, 1, 0, NULL, NULL), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_matrix_read(test_ctx, &m, host, 0, 1, 1, NULL, NULL),
	                 TXF_ERR_BAD_WAIT_LIST);
	cl_event ev = NULL;
	assert_int_equal(txf_matrix_read(test_ctx, &m, host, 0, 1, 0, &ev, NULL),
	                 TXF_ERR_BAD_WAIT_LIST);
	txf_matrix v = m;
	v.offset = 1;
	assert_int_equal(txf_matrix_read(test_ctx, &v, host, 0, 1, 0, NULL, NULL),
	                 TXF_ERR_OUT_OF_BOUNDS);
	/* Empty views: success and an event that completes. */
	v = m;
	v.rows = 0;
	ev = NULL;
	assert_int_equal(txf_matrix_read(test_ctx, &v, NULL, 0, 1, 0, NULL, &ev), TXF_SUCCESS);
	test_wait(ev);
	txf_matrix_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(view_defaults),
	    cmocka_unit_test(sections),
	    cmocka_unit_test(checks),
	    cmocka_unit_test(write_read),
	    cmocka_unit_test(write_read_errors),
	};
	return cmocka_run_group_tests_name("matrix", tests, test_context_setup,
	                                   test_context_teardown);
}
