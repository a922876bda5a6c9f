/*
 * Tests of the .npy reader and writer (tools/txf/npy.c): round trips of every
 * element type and both memory orders, rejection of malformed input of every
 * kind, and the atomic file writer.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "npy.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cmocka.h>

/* ---------------------------------------------------------------- helpers */

static const txf_dtype all_dtypes[] = {
    TXF_U8,  TXF_I8,  TXF_U16, TXF_I16, TXF_F16, TXF_U32,  TXF_I32,
    TXF_F32, TXF_U64, TXF_I64, TXF_F64, TXF_C64, TXF_C128,
};

#define NDTYPES (sizeof(all_dtypes) / sizeof(all_dtypes[0]))

static uint64_t rng_state = 0x1234567887654321u;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static void fill_random(void *data, size_t n)
{
	unsigned char *p = data;

	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(rng() >> 56);
}

/* A complete file made of a raw header (hlen bytes, taken as is) and
 * data_len bytes of data. */
static unsigned char *make_raw(int major, const char *header, size_t hlen, size_t data_len,
                               size_t *len)
{
	size_t prefix = major == 1 ? 10 : 12;
	unsigned char *b = malloc(prefix + hlen + data_len + 1);

	assert_non_null(b);
	memcpy(b, "\x93NUMPY", 6);
	b[6] = (unsigned char)major;
	b[7] = 0;
	b[8] = (unsigned char)(hlen & 0xff);
	b[9] = (unsigned char)(hlen >> 8 & 0xff);
	if (prefix == 12) {
		b[10] = (unsigned char)(hlen >> 16 & 0xff);
		b[11] = (unsigned char)(hlen >> 24 & 0xff);
	}
	memcpy(b + prefix, header, hlen);
	fill_random(b + prefix + hlen, data_len);
	*len = prefix + hlen + data_len;
	return b;
}

/* A file whose header is dict padded with spaces to a multiple of 16 and
 * ended with '\n'. */
static unsigned char *make_dict(int major, const char *dict, size_t data_len, size_t *len)
{
	size_t prefix = major == 1 ? 10 : 12, n = strlen(dict);
	size_t total = (prefix + n + 1 + 15) / 16 * 16, hlen = total - prefix;
	char *h = malloc(hlen);
	unsigned char *b;

	assert_non_null(h);
	memcpy(h, dict, n);
	memset(h + n, ' ', hlen - n - 1);
	h[hlen - 1] = '\n';
	b = make_raw(major, h, hlen, data_len, len);
	free(h);
	return b;
}

static int contains(const unsigned char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);

	for (size_t i = 0; i + n <= len; i++) {
		if (memcmp(buf + i, s, n) == 0)
			return 1;
	}
	return 0;
}

static void assert_empty(const npy_array *a)
{
	assert_null(a->data);
	assert_int_equal(a->nbytes, 0);
	assert_int_equal(a->ndim, 0);
}

/* Parse must fail with code and leave out empty. */
static void expect_reject(const unsigned char *buf, size_t len, int code, const char *what)
{
	npy_array a;
	char err[256] = "";
	int rc;

	memset(&a, 0x5a, sizeof(a));
	rc = npy_parse(buf, len, &a, err, sizeof(err));
	if (rc != code)
		fail_msg("%s: expected %d, got %d (%s)", what, code, rc, err);
	if (strlen(err) == 0)
		fail_msg("%s: no error message", what);
	assert_empty(&a);
}

static void expect_dict_reject(const char *dict, size_t data_len)
{
	size_t len;
	unsigned char *b = make_dict(1, dict, data_len, &len);

	expect_reject(b, len, NPY_ERR_FORMAT, dict);
	free(b);
}

/* Parse must succeed; the caller frees *a. */
static void expect_dict_accept(int major, const char *dict, size_t data_len, npy_array *a)
{
	size_t len;
	unsigned char *b = make_dict(major, dict, data_len, &len);
	char err[256] = "";
	int rc = npy_parse(b, len, a, err, sizeof(err));

	if (rc != NPY_OK)
		fail_msg("%s: rejected: %s", dict, err);
	assert_int_equal(a->nbytes, data_len);
	assert_memory_equal(a->data, b + len - data_len, data_len);
	free(b);
}

/* A small random array of dtype and shape. */
static void make_array(npy_array *a, txf_dtype dtype, size_t ndim, const size_t *shape, int fortran)
{
	char err[256];

	assert_int_equal(npy_alloc(a, dtype, ndim, shape, fortran, err, sizeof(err)), NPY_OK);
	fill_random(a->data, a->nbytes);
}

static void assert_same_array(const npy_array *x, const npy_array *y)
{
	assert_int_equal(x->dtype, y->dtype);
	assert_int_equal(x->is_bool, y->is_bool);
	assert_int_equal(x->fortran_order, y->fortran_order);
	assert_int_equal(x->ndim, y->ndim);
	for (size_t i = 0; i < x->ndim; i++)
		assert_int_equal(x->shape[i], y->shape[i]);
	assert_int_equal(x->nbytes, y->nbytes);
	if (x->nbytes)
		assert_memory_equal(x->data, y->data, x->nbytes);
}

/* ------------------------------------------------------- temporary files */

static char tmpdir[4096];

static int make_tmpdir(void **state)
{
	const char *base = getenv("TMPDIR");

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "%s/txf-test-npy-XXXXXX", base && *base ? base : "/tmp");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static void rm_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d;
		struct dirent *e;

		chmod(path, 0700);
		d = opendir(path);
		if (d) {
			while ((e = readdir(d)) != NULL) {
				char sub[4096];

				if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
					continue;
				snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
				rm_tree(sub);
			}
			closedir(d);
		}
		rmdir(path);
	} else {
		unlink(path);
	}
}

static int remove_tmpdir(void **state)
{
	(void)state;
	rm_tree(tmpdir);
	return 0;
}

static void tmp_path(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", tmpdir, name);
}

static size_t count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	}
	closedir(d);
	return n;
}

static unsigned char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	b = malloc((size_t)n + 1);
	assert_non_null(b);
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return b;
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* ------------------------------------------------------------ round trips */

static void test_roundtrip_memory(void **state)
{
	static const size_t shapes[][2] = {{3, 5}, {1, 1}, {17, 4}, {0, 4}, {6, 0}, {64, 3}};

	(void)state;
	for (size_t t = 0; t < NDTYPES; t++) {
		for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
			for (int f = 0; f < 2; f++) {
				npy_array a, b;
				unsigned char *buf;
				size_t len;
				char err[256];

				make_array(&a, all_dtypes[t], 2, shapes[s], f);
				assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)),
				                 NPY_OK);
				assert_int_equal(npy_parse(buf, len, &b, err, sizeof(err)), NPY_OK);
				assert_same_array(&a, &b);
				free(buf);
				npy_free(&a);
				npy_free(&b);
			}
		}
	}
}

static void test_roundtrip_file(void **state)
{
	static const size_t shape[2] = {7, 9};
	char path[4200];

	(void)state;
	tmp_path(path, sizeof(path), "rt.npy");
	for (size_t t = 0; t < NDTYPES; t++) {
		for (int f = 0; f < 2; f++) {
			npy_array a, b;
			char err[256];

			make_array(&a, all_dtypes[t], 2, shape, f);
			assert_int_equal(npy_save(path, &a, err, sizeof(err)), NPY_OK);
			assert_int_equal(npy_load(path, &b, err, sizeof(err)), NPY_OK);
			assert_same_array(&a, &b);
			npy_free(&a);
			npy_free(&b);
		}
	}
	/* Overwriting leaves no temporary files behind. */
	assert_int_equal(count_entries(tmpdir), 1);
	unlink(path);
}

static void test_roundtrip_ndim(void **state)
{
	size_t shape[NPY_MAX_DIMS + 1];

	(void)state;
	for (size_t i = 0; i <= NPY_MAX_DIMS; i++)
		shape[i] = i % 5 == 0 ? 2 : 1;
	for (size_t nd = 0; nd <= NPY_MAX_DIMS; nd++) {
		npy_array a, b;
		unsigned char *buf;
		size_t len;
		char err[256];

		make_array(&a, TXF_I16, nd, shape, (int)(nd & 1));
		assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
		assert_int_equal(npy_parse(buf, len, &b, err, sizeof(err)), NPY_OK);
		assert_same_array(&a, &b);
		free(buf);
		npy_free(&a);
		npy_free(&b);
	}
}

static void test_writer_format(void **state)
{
	static const char want[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }";
	static const size_t shape[2] = {3, 4};
	static const size_t shape1[1] = {5};
	npy_array a;
	unsigned char *buf;
	size_t len, hlen;
	char err[256];

	(void)state;
	make_array(&a, TXF_F32, 2, shape, 0);
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
	assert_memory_equal(buf, "\x93NUMPY\x01\x00", 8);
	hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
	assert_int_equal((10 + hlen) % 64, 0);
	assert_int_equal(len, 10 + hlen + 48);
	assert_memory_equal(buf + 10, want, strlen(want));
	for (size_t i = 10 + strlen(want); i < 10 + hlen - 1; i++)
		assert_int_equal(buf[i], ' ');
	assert_int_equal(buf[10 + hlen - 1], '\n');
	assert_memory_equal(buf + 10 + hlen, a.data, 48);
	free(buf);
	npy_free(&a);

	/* A 1-tuple has a trailing comma; Fortran order and 1-byte types. */
	make_array(&a, TXF_I8, 1, shape1, 1);
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
	assert_true(contains(buf, len, "'descr': '|i1'"));
	assert_true(contains(buf, len, "'fortran_order': True"));
	assert_true(contains(buf, len, "'shape': (5,)"));
	free(buf);
	npy_free(&a);

	/* The type names used for each element type. */
	assert_string_equal(npy_dtype_descr(TXF_U8), "|u1");
	assert_string_equal(npy_dtype_descr(TXF_F16), "<f2");
	assert_string_equal(npy_dtype_descr(TXF_C64), "<c8");
	assert_string_equal(npy_dtype_descr(TXF_C128), "<c16");
	assert_string_equal(npy_dtype_descr(TXF_BF16), "|V2");
	assert_null(npy_dtype_descr(TXF_DTYPE_COUNT));
	assert_int_equal(npy_dtype_size(TXF_C128), 16);
	assert_int_equal(npy_dtype_size(TXF_DTYPE_COUNT), 0);
}

static void test_writer_rejects_bad_arrays(void **state)
{
	static const size_t shape[2] = {3, 4};
	npy_array a;
	unsigned char *buf = (unsigned char *)"x";
	size_t len = 1;
	char err[256];

	(void)state;
	make_array(&a, TXF_F32, 2, shape, 0);
	a.nbytes--;
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_ERR_ARG);
	assert_null(buf);
	a.nbytes++;
	a.dtype = TXF_DTYPE_COUNT;
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_ERR_ARG);
	a.dtype = TXF_F32;
	a.ndim = NPY_MAX_DIMS + 1;
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_ERR_ARG);
	a.ndim = 2;
	a.shape[0] = SIZE_MAX / 2;
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_ERR_ARG);
	a.shape[0] = 3;
	assert_int_equal(npy_encode(NULL, &buf, &len, err, sizeof(err)), NPY_ERR_ARG);
	npy_free(&a);
	npy_free(&a); /* twice is harmless */
	npy_free(NULL);
}

/* ------------------------------------------------------- accepted headers */

static void test_accepts_variants(void **state)
{
	npy_array a;

	(void)state;
	/* Keys in any order, double quotes, no trailing comma, odd spacing. */
	expect_dict_accept(1, "{'shape': (3, 4), 'fortran_order': True, 'descr': '<f4'}", 48, &a);
	assert_int_equal(a.dtype, TXF_F32);
	assert_int_equal(a.fortran_order, 1);
	assert_int_equal(a.ndim, 2);
	assert_int_equal(a.shape[0], 3);
	assert_int_equal(a.shape[1], 4);
	npy_free(&a);
	expect_dict_accept(1, "{\"descr\":\"<i8\",\"fortran_order\":False,\"shape\":(2,3,)}", 48,
	                   &a);
	assert_int_equal(a.dtype, TXF_I64);
	npy_free(&a);
	expect_dict_accept(1,
	                   "\t{ 'descr' : '<u2' ,\n 'fortran_order' : False ,"
	                   "\r\n 'shape' : ( 5 , ) , }",
	                   10, &a);
	assert_int_equal(a.dtype, TXF_U16);
	assert_int_equal(a.ndim, 1);
	npy_free(&a);
	/* Scalars, Python 2 long suffixes, versions 2.0 and 3.0. */
	expect_dict_accept(1, "{'descr': '<c16', 'fortran_order': False, 'shape': ()}", 16, &a);
	assert_int_equal(a.ndim, 0);
	assert_int_equal(a.dtype, TXF_C128);
	npy_free(&a);
	expect_dict_accept(1, "{'descr': '<f2', 'fortran_order': False, 'shape': (3L, 2L), }", 12,
	                   &a);
	assert_int_equal(a.dtype, TXF_F16);
	npy_free(&a);
	expect_dict_accept(2, "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 2), }", 32,
	                   &a);
	assert_int_equal(a.dtype, TXF_C64);
	npy_free(&a);
	expect_dict_accept(3, "{'descr': '<f8', 'fortran_order': True, 'shape': (1, 2), }", 16, &a);
	assert_int_equal(a.dtype, TXF_F64);
	npy_free(&a);
	/* bfloat16: ml_dtypes' arrays saved as 2-byte void, or named. */
	static const char *const bf16_descrs[] = {"|V2", "<V2", "bfloat16"};
	for (size_t i = 0; i < 3; i++) {
		char dict[96];
		snprintf(dict, sizeof dict,
		         "{'descr': '%s', 'fortran_order': False, 'shape': (2, 3), }",
		         bf16_descrs[i]);
		expect_dict_accept(1, dict, 12, &a);
		assert_int_equal(a.dtype, TXF_BF16);
		assert_int_equal(a.is_bool, 0);
		npy_free(&a);
	}
	/* Booleans read as u1 marked bool; '<' is fine for 1-byte types too. */
	expect_dict_accept(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (2, 2), }", 4, &a);
	assert_int_equal(a.dtype, TXF_U8);
	assert_int_equal(a.is_bool, 1);
	npy_free(&a);
	expect_dict_accept(1, "{'descr': '<b1', 'fortran_order': False, 'shape': (2, 2), }", 4, &a);
	assert_int_equal(a.is_bool, 1);
	npy_free(&a);
	expect_dict_accept(1, "{'descr': '|u1', 'fortran_order': False, 'shape': (2, 2), }", 4, &a);
	assert_int_equal(a.dtype, TXF_U8);
	assert_int_equal(a.is_bool, 0);
	npy_free(&a);
	expect_dict_accept(1, "{'descr': '<i1', 'fortran_order': False, 'shape': (2, 2), }", 4, &a);
	assert_int_equal(a.dtype, TXF_I8);
	assert_int_equal(a.is_bool, 0);
	npy_free(&a);
	/* Empty arrays, even with a large other extent. */
	expect_dict_accept(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 100000), }", 0,
	                   &a);
	assert_int_equal(a.shape[1], 100000);
	npy_free(&a);
	/* Header without padding (not 64-aligned). */
	{
		static const char h[] =
		    "{'descr': '<u4', 'fortran_order': False, 'shape': (1,), }\n";
		size_t len;
		unsigned char *b = make_raw(1, h, strlen(h), 4, &len);
		char err[256];

		assert_int_equal(npy_parse(b, len, &a, err, sizeof(err)), NPY_OK);
		assert_int_equal(a.dtype, TXF_U32);
		npy_free(&a);
		free(b);
	}
}

/* A bool array (b1) keeps its type through the writer, in memory and in
 * files: it is written as '|b1', not as the u1 that holds it. */
static void test_bool_roundtrip(void **state)
{
	static const size_t shape[2] = {5, 3};
	char path[4200], err[256];
	unsigned char *buf, *p;
	size_t len;
	npy_array a, b;

	(void)state;
	for (int f = 0; f < 2; f++) {
		make_array(&a, TXF_U8, 2, shape, f);
		p = a.data;
		for (size_t i = 0; i < a.nbytes; i++)
			p[i] &= 1;
		a.is_bool = 1;
		assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
		assert_true(contains(buf, len, "'descr': '|b1'"));
		assert_false(contains(buf, len, "u1"));
		assert_int_equal(npy_parse(buf, len, &b, err, sizeof(err)), NPY_OK);
		assert_same_array(&a, &b);
		npy_free(&b);
		free(buf);

		tmp_path(path, sizeof(path), "bool.npy");
		assert_int_equal(npy_save(path, &a, err, sizeof(err)), NPY_OK);
		assert_int_equal(npy_load(path, &b, err, sizeof(err)), NPY_OK);
		assert_same_array(&a, &b);
		assert_string_equal(npy_array_code(&b), "b1");
		npy_free(&b);
		unlink(path);

		/* The same bytes as u1 stay u1. */
		a.is_bool = 0;
		assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
		assert_true(contains(buf, len, "'descr': '|u1'"));
		assert_int_equal(npy_parse(buf, len, &b, err, sizeof(err)), NPY_OK);
		assert_int_equal(b.is_bool, 0);
		assert_string_equal(npy_array_code(&b), "u1");
		npy_free(&b);
		free(buf);
		npy_free(&a);
	}
	/* bool is held only as u1. */
	make_array(&a, TXF_I8, 2, shape, 0);
	a.is_bool = 1;
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_ERR_ARG);
	assert_non_null(strstr(err, "bool"));
	assert_null(buf);
	npy_free(&a);
}

/* -------------------------------------------------------- rejected input */

static void test_truncated_everywhere(void **state)
{
	static const size_t shape[2] = {3, 4};

	(void)state;
	for (int f = 0; f < 2; f++) {
		npy_array a;
		unsigned char *buf;
		size_t len;
		char err[256];

		make_array(&a, TXF_F64, 2, shape, f);
		assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
		for (size_t n = 0; n < len; n++) {
			/* An exact-size copy so that ASan sees any overread. */
			unsigned char *cut = malloc(n ? n : 1);

			assert_non_null(cut);
			memcpy(cut, buf, n);
			expect_reject(n ? cut : NULL, n, NPY_ERR_FORMAT, "truncated");
			free(cut);
		}
		free(buf);
		npy_free(&a);
	}
}

static void test_trailing_garbage(void **state)
{
	static const size_t shape[2] = {3, 4};
	static const size_t empty[2] = {0, 4};
	npy_array a;
	unsigned char *buf, *big;
	size_t len;
	char err[256];

	(void)state;
	make_array(&a, TXF_U8, 2, shape, 0);
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
	big = malloc(len + 1);
	assert_non_null(big);
	memcpy(big, buf, len);
	big[len] = 0;
	expect_reject(big, len + 1, NPY_ERR_FORMAT, "one trailing byte");
	free(big);
	free(buf);
	npy_free(&a);

	make_array(&a, TXF_F32, 2, empty, 0);
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
	big = malloc(len + 4);
	assert_non_null(big);
	memcpy(big, buf, len);
	memset(big + len, 0, 4);
	expect_reject(big, len + 4, NPY_ERR_FORMAT, "data after an empty array");
	free(big);
	free(buf);
	npy_free(&a);
}

static void test_bad_magic_and_version(void **state)
{
	static const char dict[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
	static const unsigned char versions[][2] = {{0, 0}, {4, 0}, {1, 1}, {2, 1}, {255, 0}};
	size_t len;
	unsigned char *b = make_dict(1, dict, 8, &len);

	(void)state;
	for (size_t i = 0; i < 6; i++) {
		b[i] ^= 0x20;
		expect_reject(b, len, NPY_ERR_FORMAT, "bad magic");
		b[i] ^= 0x20;
	}
	for (size_t i = 0; i < sizeof(versions) / sizeof(versions[0]); i++) {
		b[6] = versions[i][0];
		b[7] = versions[i][1];
		expect_reject(b, len, NPY_ERR_FORMAT, "bad version");
	}
	b[6] = 1;
	b[7] = 0;
	/* A version 2 reading of a version 1 file sees a huge header length. */
	b[6] = 2;
	expect_reject(b, len, NPY_ERR_FORMAT, "v1 file marked v2");
	b[6] = 1;
	free(b);

	expect_reject((const unsigned char *)"hello, world\n", 13, NPY_ERR_FORMAT, "text");
	expect_reject(NULL, 0, NPY_ERR_FORMAT, "empty");
}

static void test_header_length_past_end(void **state)
{
	static const char dict[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
	static const size_t bad[] = {0xffff, 0x8000, 1000};
	size_t len;
	unsigned char *b = make_dict(1, dict, 8, &len);
	unsigned char *b2;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		unsigned char s8 = b[8], s9 = b[9];

		b[8] = (unsigned char)(bad[i] & 0xff);
		b[9] = (unsigned char)(bad[i] >> 8);
		expect_reject(b, len, NPY_ERR_FORMAT, "header length past end");
		b[8] = s8;
		b[9] = s9;
	}
	/* Zero-length header. */
	b[8] = 0;
	b[9] = 0;
	expect_reject(b, len, NPY_ERR_FORMAT, "empty header");
	free(b);

	b2 = make_dict(2, dict, 8, &len);
	b2[11] = 0x80; /* 2 GiB header */
	expect_reject(b2, len, NPY_ERR_FORMAT, "v2 header length past end");
	b2[11] = 0xff;
	b2[10] = 0xff;
	expect_reject(b2, len, NPY_ERR_FORMAT, "v2 header length 4G");
	free(b2);
}

static void test_malformed_dicts(void **state)
{
	static const char *const bad[] = {
	    /* Missing, duplicate and unknown keys. */
	    "{'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, }",
	    "{}",
	    "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), 'extra': 1, }",
	    "{'Descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }",
	    "{descr: '<f4', 'fortran_order': False, 'shape': (3, 4), }",
	    /* Unbalanced or misplaced brackets and separators. */
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4}",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), ",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': ((3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4)), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }}",
	    "'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }",
	    "{{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f4' 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr' '<f4', 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4),, }",
	    "{, 'descr': '<f4', 'fortran_order': False, 'shape': (3, 4)}",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), } x",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), } {}",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), ]",
	    "",
	    /* Bad booleans. */
	    "{'descr': '<f4', 'fortran_order': 0, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': 'False', 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': false, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': TRUE, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': None, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': Falsey, 'shape': (3, 4), }",
	    "{'descr': '<f4', 'fortran_order': , 'shape': (3, 4), }",
	    /* Bad dimensions. */
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (-3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, -4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3.0, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4.5), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': ('3', 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3, None), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3,, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (,), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (, 3), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': [3, 4], }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': 12, }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (12), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (03, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3x, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (0x3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (+3, 4), }",
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (3LL, 4), }",
	    /* Bad descr values. */
	    "{'descr': 5, 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '', 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f4\", 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f\\4', 'fortran_order': False, 'shape': (3, 4), }",
	    "{'descr': '<f4, 'fortran_order': False, 'shape': (3, 4), }",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_dict_reject(bad[i], 48);
}

static void test_unsupported_dtypes(void **state)
{
	static const char *const descrs[] = {
	    "<U10", "|O",  "<M8[ns]", "<m8[s]", "|S5",  "|V8", "<f16", "<c32", "<f3",  "<i16",
	    "<u",   "<",   "|",       "f4",     "F4",   "<F4", "<f4 ", " <f4", "=f4",  "|f4",
	    "|i8",  ">f4", ">i2",     ">u1",    ">c16", "=u1", "<b2",  "bool", "<f4x", "<<f4",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(descrs) / sizeof(descrs[0]); i++) {
		char dict[160], err[256];
		unsigned char *b;
		size_t len;
		npy_array a;

		snprintf(dict, sizeof(dict),
		         "{'descr': '%s', 'fortran_order': False, 'shape': (2,), }", descrs[i]);
		b = make_dict(1, dict, 32, &len);
		assert_int_equal(npy_parse(b, len, &a, err, sizeof(err)), NPY_ERR_FORMAT);
		assert_empty(&a);
		if (descrs[i][0] == '>')
			assert_non_null(strstr(err, "big-endian"));
		free(b);
	}
}

static void test_bad_header_bytes(void **state)
{
	static const char dict[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
	size_t len, n = strlen(dict);
	unsigned char *b = make_dict(1, dict, 8, &len);
	static const unsigned char junk[] = {0x00, 0x01, 0x7f, 0x80, 0xc3, 0xff, '#', '\\', '@'};
	static const size_t where[] = {0, 1, 5, 17, 30, 50};

	(void)state;
	/* Junk between tokens, inside keys and inside values. */
	for (size_t w = 0; w < sizeof(where) / sizeof(where[0]); w++) {
		for (size_t j = 0; j < sizeof(junk); j++) {
			size_t at = 10 + where[w];
			unsigned char save = b[at];

			b[at] = junk[j];
			expect_reject(b, len, NPY_ERR_FORMAT, "junk byte");
			b[at] = save;
		}
	}
	for (size_t j = 0; j < sizeof(junk); j++) {
		size_t at = 10 + n + 1;
		unsigned char save = b[at];

		b[at] = junk[j];
		expect_reject(b, len, NPY_ERR_FORMAT, "junk in the padding");
		b[at] = save;
	}
	/* The header must end with a newline. */
	{
		size_t hlen = (size_t)b[8] | (size_t)b[9] << 8;

		b[10 + hlen - 1] = ' ';
		expect_reject(b, len, NPY_ERR_FORMAT, "no final newline");
	}
	free(b);
}

static void test_absurd_shapes(void **state)
{
	char dict[256];

	(void)state;
	/* Element count overflows size_t. */
	snprintf(dict, sizeof(dict),
	         "{'descr': '<f4', 'fortran_order': False, 'shape': (%zu, %zu), }",
	         (SIZE_MAX >> 1) + 1, (size_t)4);
	expect_dict_reject(dict, 16);
	/* Byte count overflows size_t. */
	snprintf(dict, sizeof(dict),
	         "{'descr': '<f8', 'fortran_order': False, 'shape': (%zu, 3), }", SIZE_MAX / 16);
	expect_dict_reject(dict, 16);
	/* Overflow hidden behind a zero extent is still rejected. */
	snprintf(dict, sizeof(dict),
	         "{'descr': '<f4', 'fortran_order': False, 'shape': (%zu, %zu, 0), }", SIZE_MAX,
	         SIZE_MAX);
	expect_dict_reject(dict, 0);
	/* A dimension that does not fit in size_t at all. */
	expect_dict_reject("{'descr': '<f4', 'fortran_order': False, 'shape': "
	                   "(184467440737095516160, 1), }",
	                   4);
	expect_dict_reject("{'descr': '<f4', 'fortran_order': False, 'shape': "
	                   "(99999999999999999999999999999999999999999999999999, 0), }",
	                   0);
	/* Huge dimensions with little data. */
	expect_dict_reject(
	    "{'descr': '<f4', 'fortran_order': False, 'shape': (1000000, 1000000), }", 48);
	expect_dict_reject("{'descr': '<u1', 'fortran_order': False, 'shape': (3, 4), }", 11);
	/* More than NPY_MAX_DIMS dimensions. */
	{
		char big[512];
		size_t pos = 0;

		pos += (size_t)snprintf(big, sizeof(big),
		                        "{'descr': '<u1', 'fortran_order': False, 'shape': (");
		for (int i = 0; i <= NPY_MAX_DIMS; i++)
			pos += (size_t)snprintf(big + pos, sizeof(big) - pos, "1, ");
		snprintf(big + pos, sizeof(big) - pos, "), }");
		expect_dict_reject(big, 1);
	}
	/* SIZE_MAX itself as a single u1 extent parses but has no data. */
	snprintf(dict, sizeof(dict), "{'descr': '|u1', 'fortran_order': False, 'shape': (%zu,), }",
	         SIZE_MAX);
	expect_dict_reject(dict, 1);
}

/* Random mutations of a valid file: never crash, and accept only input
 * that is consistent. */
static void test_mutations(void **state)
{
	static const size_t shape[2] = {5, 3};
	npy_array a;
	unsigned char *buf;
	size_t len;
	char err[256];

	(void)state;
	make_array(&a, TXF_I32, 2, shape, 0);
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
	for (int iter = 0; iter < 20000; iter++) {
		unsigned char *m = malloc(len);
		int edits = 1 + (int)(rng() % 4);
		size_t mlen = len;
		npy_array b;

		assert_non_null(m);
		memcpy(m, buf, len);
		for (int e = 0; e < edits; e++) {
			/* Mostly the preamble and the header. */
			size_t at = rng() % 2 ? rng() % 80 : rng() % len;
			unsigned char v = (unsigned char)rng();

			if (at < len)
				m[at] =
				    rng() % 3 ? v : (unsigned char)" ,:(){}'0123456789-\n"[v % 20];
		}
		if (rng() % 8 == 0)
			mlen = rng() % (len + 1);
		if (npy_parse(m, mlen, &b, err, sizeof(err)) == NPY_OK) {
			size_t count;

			assert_int_equal(npy_shape_elements(b.ndim, b.shape, &count), NPY_OK);
			assert_int_equal(count * npy_dtype_size(b.dtype), b.nbytes);
			assert_true(b.nbytes <= mlen);
			npy_free(&b);
		} else {
			assert_empty(&b);
		}
		free(m);
	}
	free(buf);
	npy_free(&a);
}

static void test_parse_arguments(void **state)
{
	unsigned char x[16] = {0};
	npy_array a;

	(void)state;
	assert_int_equal(npy_parse(x, sizeof(x), NULL, NULL, 0), NPY_ERR_ARG);
	/* A NULL or empty error buffer is fine. */
	assert_int_equal(npy_parse(x, sizeof(x), &a, NULL, 0), NPY_ERR_FORMAT);
	assert_int_equal(npy_parse(x, sizeof(x), &a, (char *)x, 0), NPY_ERR_FORMAT);
}

/* ----------------------------------------------------------- file errors */

static void test_load_errors(void **state)
{
	char path[4200], err[512];
	npy_array a;

	(void)state;
	tmp_path(path, sizeof(path), "does-not-exist.npy");
	assert_int_equal(npy_load(path, &a, err, sizeof(err)), NPY_ERR_IO);
	assert_non_null(strstr(err, "does-not-exist.npy"));
	assert_empty(&a);
	assert_int_equal(npy_load(tmpdir, &a, err, sizeof(err)), NPY_ERR_IO);
	assert_empty(&a);

	tmp_path(path, sizeof(path), "text.npy");
	write_file(path, "not a numpy file\n", 17);
	assert_int_equal(npy_load(path, &a, err, sizeof(err)), NPY_ERR_FORMAT);
	assert_non_null(strstr(err, "text.npy"));
	assert_empty(&a);
	unlink(path);

	tmp_path(path, sizeof(path), "empty.npy");
	write_file(path, "", 0);
	assert_int_equal(npy_load(path, &a, err, sizeof(err)), NPY_ERR_FORMAT);
	unlink(path);
}

/* A FIFO, a device and a link to either are refused with NPY_ERR_IO and a
 * message that names the path and what it is, before anything is read: an
 * open of a FIFO without a writer would block, so an alarm ends the test
 * (as a failure) rather than let it hang. */
static void test_load_non_regular(void **state)
{
	static const struct {
		const char *path, *kind;
	} devices[] = {{"/dev/null", "character device"}, {"/dev/zero", "character device"}};
	char fifo[4200], link[4200], err[512];
	npy_array a;

	(void)state;
	tmp_path(fifo, sizeof(fifo), "pipe.npy");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	tmp_path(link, sizeof(link), "link-to-pipe.npy");
	assert_int_equal(symlink(fifo, link), 0);
	alarm(30);
	for (int i = 0; i < 2; i++) {
		const char *path = i ? link : fifo;

		memset(&a, 0x5a, sizeof(a));
		err[0] = '\0';
		assert_int_equal(npy_load(path, &a, err, sizeof(err)), NPY_ERR_IO);
		assert_non_null(strstr(err, path));
		assert_non_null(strstr(err, "FIFO"));
		assert_empty(&a);
	}
	/* /dev/zero would otherwise be read until memory runs out. */
	for (size_t i = 0; i < sizeof(devices) / sizeof(devices[0]); i++) {
		if (access(devices[i].path, R_OK) != 0)
			continue;
		memset(&a, 0x5a, sizeof(a));
		err[0] = '\0';
		assert_int_equal(npy_load(devices[i].path, &a, err, sizeof(err)), NPY_ERR_IO);
		assert_non_null(strstr(err, devices[i].path));
		assert_non_null(strstr(err, devices[i].kind));
		assert_empty(&a);
	}
	alarm(0);
	unlink(link);
	unlink(fifo);
}

/* npy_load reads what the header declares from a file of exactly that
 * length: more or fewer bytes after the header are refused as npy_parse
 * refuses them, and so is a header that declares more than the file
 * holds, before any buffer of that size is made. */
static void test_load_length(void **state)
{
	static const size_t shape[2] = {3, 5};
	static const char huge[] =
	    "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }";
	char path[4200], err[512];
	unsigned char *buf, *longer;
	size_t len;
	npy_array a, b;

	(void)state;
	tmp_path(path, sizeof(path), "length.npy");
	make_array(&a, TXF_I16, 2, shape, 0);
	assert_int_equal(npy_encode(&a, &buf, &len, err, sizeof(err)), NPY_OK);
	write_file(path, buf, len);
	assert_int_equal(npy_load(path, &b, err, sizeof(err)), NPY_OK);
	assert_same_array(&a, &b);
	npy_free(&b);

	longer = malloc(len + 1);
	assert_non_null(longer);
	memcpy(longer, buf, len);
	longer[len] = 7;
	write_file(path, longer, len + 1);
	memset(&b, 0x5a, sizeof(b));
	assert_int_equal(npy_load(path, &b, err, sizeof(err)), NPY_ERR_FORMAT);
	assert_non_null(strstr(err, "trailing"));
	assert_empty(&b);
	write_file(path, buf, len - 1);
	memset(&b, 0x5a, sizeof(b));
	assert_int_equal(npy_load(path, &b, err, sizeof(err)), NPY_ERR_FORMAT);
	assert_non_null(strstr(err, "truncated"));
	assert_empty(&b);
	free(longer);
	free(buf);
	npy_free(&a);

	buf = make_dict(1, huge, 16, &len);
	write_file(path, buf, len);
	memset(&b, 0x5a, sizeof(b));
	assert_int_equal(npy_load(path, &b, err, sizeof(err)), NPY_ERR_FORMAT);
	assert_non_null(strstr(err, "truncated data"));
	assert_empty(&b);
	free(buf);
	unlink(path);
}

/* npy_load_header checks a file as npy_load does but reads no data: it
 * gives the type, order, shape and data length of a file far larger than
 * memory (sparse), and refuses what npy_load refuses. */
static void test_load_header(void **state)
{
	static const size_t shape[2] = {4, 3};
	static const char huge[] =
	    "{'descr': '|b1', 'fortran_order': True, 'shape': (1048576, 1048576), }";
	char path[4200], fifo[4200], err[512];
	unsigned char *buf;
	size_t len;
	npy_array a, h;
	int fd;

	(void)state;
	tmp_path(path, sizeof(path), "header.npy");
	make_array(&a, TXF_C64, 2, shape, 1);
	assert_int_equal(npy_save(path, &a, err, sizeof(err)), NPY_OK);
	memset(&h, 0x5a, sizeof(h));
	assert_int_equal(npy_load_header(path, &h, err, sizeof(err)), NPY_OK);
	assert_null(h.data);
	assert_int_equal(h.dtype, TXF_C64);
	assert_int_equal(h.is_bool, 0);
	assert_int_equal(h.fortran_order, 1);
	assert_int_equal(h.ndim, 2);
	assert_int_equal(h.shape[0], 4);
	assert_int_equal(h.shape[1], 3);
	assert_int_equal(h.nbytes, a.nbytes);
	npy_free(&h);
	npy_free(&a);

	/* 1 TiB of bool data, a hole in a sparse file. */
	buf = make_dict(1, huge, 0, &len);
	fd = open(path, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	if (ftruncate(fd, (off_t)len + ((off_t)1 << 40)) == 0) {
		assert_int_equal(npy_load_header(path, &h, err, sizeof(err)), NPY_OK);
		assert_null(h.data);
		assert_int_equal(h.is_bool, 1);
		assert_int_equal(h.nbytes, (size_t)1 << 40);
		npy_free(&h);
		/* One byte short: refused as npy_load refuses it. */
		assert_int_equal(ftruncate(fd, (off_t)len + ((off_t)1 << 40) - 1), 0);
		memset(&h, 0x5a, sizeof(h));
		assert_int_equal(npy_load_header(path, &h, err, sizeof(err)), NPY_ERR_FORMAT);
		assert_non_null(strstr(err, "truncated data"));
		assert_empty(&h);
	}
	close(fd);
	free(buf);
	unlink(path);

	tmp_path(fifo, sizeof(fifo), "header-pipe.npy");
	assert_int_equal(mkfifo(fifo, 0600), 0);
	alarm(30);
	memset(&h, 0x5a, sizeof(h));
	assert_int_equal(npy_load_header(fifo, &h, err, sizeof(err)), NPY_ERR_IO);
	assert_non_null(strstr(err, "FIFO"));
	assert_empty(&h);
	alarm(0);
	unlink(fifo);
}

/* Write an existing target, make npy_save fail, and check that the target is
 * byte-for-byte and inode-for-inode unchanged and no temporary is left. */
static void check_untouched(const char *path, const unsigned char *orig, size_t orig_len, ino_t ino)
{
	struct stat st;
	unsigned char *now;
	size_t len;

	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_ino, ino);
	now = read_file(path, &len);
	assert_int_equal(len, orig_len);
	assert_memory_equal(now, orig, len);
	free(now);
}

static void test_atomic_writer(void **state)
{
	static const size_t shape[2] = {4, 4};
	static const unsigned char orig[] = "existing contents, not an npy file\n";
	char path[4200], sub[4200], target[4300], err[512];
	npy_array a;
	struct stat st;
	size_t before;

	(void)state;
	make_array(&a, TXF_F32, 2, shape, 0);

	/* The target is a directory: error, directory unchanged. */
	tmp_path(path, sizeof(path), "adir");
	assert_int_equal(mkdir(path, 0755), 0);
	before = count_entries(tmpdir);
	assert_int_equal(npy_save(path, &a, err, sizeof(err)), NPY_ERR_IO);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(count_entries(tmpdir), before);
	assert_int_equal(count_entries(path), 0);

	/* The parent is a regular file, or does not exist. */
	tmp_path(path, sizeof(path), "plain");
	write_file(path, orig, sizeof(orig));
	snprintf(target, sizeof(target), "%s/out.npy", path);
	assert_int_equal(npy_save(target, &a, err, sizeof(err)), NPY_ERR_IO);
	assert_int_equal(stat(path, &st), 0);
	check_untouched(path, orig, sizeof(orig), st.st_ino);
	tmp_path(sub, sizeof(sub), "no-such-dir/out.npy");
	assert_int_equal(npy_save(sub, &a, err, sizeof(err)), NPY_ERR_IO);
	assert_int_equal(count_entries(tmpdir), before + 1);

	/* An invalid array: the existing target stays as it was. */
	a.nbytes++;
	assert_int_equal(npy_save(path, &a, err, sizeof(err)), NPY_ERR_ARG);
	a.nbytes--;
	check_untouched(path, orig, sizeof(orig), st.st_ino);
	tmp_path(sub, sizeof(sub), "never.npy");
	a.dtype = TXF_DTYPE_COUNT;
	assert_int_equal(npy_save(sub, &a, err, sizeof(err)), NPY_ERR_ARG);
	a.dtype = TXF_F32;
	assert_int_equal(access(sub, F_OK), -1);

	/* A directory that cannot be written (meaningless for root). */
	tmp_path(sub, sizeof(sub), "ro");
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(target, sizeof(target), "%s/out.npy", sub);
	write_file(target, orig, sizeof(orig));
	assert_int_equal(stat(target, &st), 0);
	if (geteuid() != 0) {
		assert_int_equal(chmod(sub, 0555), 0);
		assert_int_equal(npy_save(target, &a, err, sizeof(err)), NPY_ERR_IO);
		check_untouched(target, orig, sizeof(orig), st.st_ino);
		assert_int_equal(count_entries(sub), 1);
		assert_int_equal(chmod(sub, 0755), 0);
	}

	/* Success replaces the file, keeps its mode, leaves no temporary. */
	assert_int_equal(chmod(target, 0640), 0);
	assert_int_equal(npy_save(target, &a, err, sizeof(err)), NPY_OK);
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(count_entries(sub), 1);
	{
		npy_array b;

		assert_int_equal(npy_load(target, &b, err, sizeof(err)), NPY_OK);
		assert_same_array(&a, &b);
		npy_free(&b);
	}
	/* A bare file name is written in the current directory. */
	{
		char cwd[4096];

		assert_non_null(getcwd(cwd, sizeof(cwd)));
		assert_int_equal(chdir(sub), 0);
		assert_int_equal(npy_save("bare.npy", &a, err, sizeof(err)), NPY_OK);
		assert_int_equal(chdir(cwd), 0);
		assert_int_equal(count_entries(sub), 2);
	}
	npy_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_roundtrip_memory),
	    cmocka_unit_test(test_roundtrip_file),
	    cmocka_unit_test(test_roundtrip_ndim),
	    cmocka_unit_test(test_writer_format),
	    cmocka_unit_test(test_writer_rejects_bad_arrays),
	    cmocka_unit_test(test_accepts_variants),
	    cmocka_unit_test(test_bool_roundtrip),
	    cmocka_unit_test(test_truncated_everywhere),
	    cmocka_unit_test(test_trailing_garbage),
	    cmocka_unit_test(test_bad_magic_and_version),
	    cmocka_unit_test(test_header_length_past_end),
	    cmocka_unit_test(test_malformed_dicts),
	    cmocka_unit_test(test_unsupported_dtypes),
	    cmocka_unit_test(test_bad_header_bytes),
	    cmocka_unit_test(test_absurd_shapes),
	    cmocka_unit_test(test_mutations),
	    cmocka_unit_test(test_parse_arguments),
	    cmocka_unit_test(test_load_errors),
	    cmocka_unit_test(test_load_non_regular),
	    cmocka_unit_test(test_load_length),
	    cmocka_unit_test(test_load_header),
	    cmocka_unit_test(test_atomic_writer),
	};

	return cmocka_run_group_tests_name("npy", tests, make_tmpdir, remove_tmpdir);
}
