/* Contexts: default device, device specs, wrapping the caller's objects,
 * device profiles and the device list. */
#include "common.h"

#include "txf_internal.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void default_context_has_profile(void **state)
{
	(void)state;
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_create(&ctx, NULL), TXF_SUCCESS);
	txf_device_profile p;
	assert_int_equal(txf_context_profile(ctx, &p), TXF_SUCCESS);
	assert_true(strlen(p.name) > 0);
	assert_true(strlen(p.normalized_name) > 0);
	assert_true(p.compute_units > 0);
	assert_true(p.max_work_group_size > 0);
	assert_true(p.local_mem_size > 0);
	assert_true(p.preferred_multiple > 0);
	assert_true(p.max_alloc_size > 0);
	assert_non_null(txf_context_cl_context(ctx));
	assert_non_null(txf_context_queue(ctx));
	assert_non_null(txf_context_device(ctx));
	txf_context_release(&ctx);
	assert_null(ctx);
	txf_context_release(&ctx); /* a no-op */
	txf_context_release(NULL);
}

static void normalized_names(void **state)
{
	(void)state;
	char out[64];
	txf__normalize_name("pthread-skylake-avx512-Intel(R) Xeon(R)", out, sizeof out);
	assert_string_equal(out, "skylake-avx512-Intel(R) Xeon(R)");
	txf__normalize_name("cpu-haswell-AMD  EPYC   7B12 ", out, sizeof out);
	assert_string_equal(out, "haswell-AMD EPYC 7B12");
	txf__normalize_name("  NVIDIA H100 80GB HBM3", out, sizeof out);
	assert_string_equal(out, "NVIDIA H100 80GB HBM3");
	txf__normalize_name("abcdefghijklmnopqrstuvwxyz", out, 8);
	assert_string_equal(out, "abcdefg");
}

/* Which devices build without declared work-group shapes (cl/common.cl):
 * POCL's CPU drivers before 7.0, and one whose version does not parse. */
static void pocl_handle_cache_versions(void **state)
{
	(void)state;
	txf_device_profile p;
	memset(&p, 0, sizeof p);
	p.vendor = TXF_VENDOR_POCL;
	p.kind = TXF_DEVICE_CPU;
	static const struct {
		const char *driver;
		bool flawed;
	} cases[] = {{"3.1+debian", true}, {"6.0", true},   {"6.1-pre", true}, {"7.0", false},
	             {"7.1-pre", false},   {"12.0", false}, {"", true},        {"pocl", true}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(p.driver_version, sizeof p.driver_version, "%s", cases[i].driver);
		if (txf__pocl_handle_cache_flaw(&p) != cases[i].flawed)
			fail_msg("driver '%s': expected %s", cases[i].driver,
			         cases[i].flawed ? "the flaw" : "none");
	}
	snprintf(p.driver_version, sizeof p.driver_version, "3.1");
	p.kind = TXF_DEVICE_GPU;
	assert_false(txf__pocl_handle_cache_flaw(&p));
	p.kind = TXF_DEVICE_CPU;
	p.vendor = TXF_VENDOR_INTEL;
	assert_false(txf__pocl_handle_cache_flaw(&p));
	/* The test device's context follows its own profile. */
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_create(&ctx, NULL), TXF_SUCCESS);
	assert_int_equal(ctx->no_reqd_wg, txf__pocl_handle_cache_flaw(&ctx->profile));
	txf_context_release(&ctx);
}

static void device_list_and_specs(void **state)
{
	(void)state;
	txf_device_profile *list = NULL;
	size_t n = 0;
	assert_int_equal(txf_devices_list(&list, &n), TXF_SUCCESS);
	assert_true(n >= 1);
	for (size_t i = 0; i < n; i++) {
		char spec[32];
		snprintf(spec, sizeof spec, "%zu", i);
		txf_context_options o;
		txf_context_options_default(&o);
		o.device = spec;
		txf_context *ctx = NULL;
		assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
		txf_device_profile p;
		assert_int_equal(txf_context_profile(ctx, &p), TXF_SUCCESS);
		assert_string_equal(p.name, list[i].name);
		txf_context_release(&ctx);

		/* A name substring, in another case, picks a device of that name. */
		char sub[8] = {0};
		for (size_t k = 0; k < 6 && list[i].normalized_name[k]; k++)
			sub[k] = (char)toupper((unsigned char)list[i].normalized_name[k]);
		o.device = sub;
		assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
		txf_context_release(&ctx);
	}
	txf_context_options o;
	txf_context_options_default(&o);
	txf_context *ctx = NULL;
	char spec[32];
	snprintf(spec, sizeof spec, "%zu", n);
	o.device = spec;
	assert_int_equal(txf_context_create(&ctx, &o), TXF_ERR_DEVICE_NOT_FOUND);
	assert_null(ctx);
	o.device = "no-such-device-anywhere";
	assert_int_equal(txf_context_create(&ctx, &o), TXF_ERR_DEVICE_NOT_FOUND);
	assert_non_null(strstr(txf_last_error(), "no-such-device-anywhere"));
	assert_non_null(strstr(txf_last_error(), list[0].normalized_name));
	assert_null(ctx);

	/* "cpu" / "gpu" pick a device of that kind, or fail clearly. */
	bool have_cpu = false, have_gpu = false;
	for (size_t i = 0; i < n; i++) {
		have_cpu |= list[i].kind == TXF_DEVICE_CPU;
		have_gpu |= list[i].kind == TXF_DEVICE_GPU;
	}
	o.device = "cpu";
	assert_int_equal(txf_context_create(&ctx, &o),
	                 have_cpu ? TXF_SUCCESS : TXF_ERR_DEVICE_NOT_FOUND);
	if (ctx) {
		txf_device_profile p;
		assert_int_equal(txf_context_profile(ctx, &p), TXF_SUCCESS);
		assert_int_equal(p.kind, TXF_DEVICE_CPU);
		txf_context_release(&ctx);
	}
	o.device = "GPU";
	assert_int_equal(txf_context_create(&ctx, &o),
	                 have_gpu ? TXF_SUCCESS : TXF_ERR_DEVICE_NOT_FOUND);
	txf_context_release(&ctx);

	/* The environment variable is used when the option is not set. */
	setenv("TXF_DEVICE", "no-such-device-anywhere", 1);
	assert_int_equal(txf_context_create(&ctx, NULL), TXF_ERR_DEVICE_NOT_FOUND);
	assert_non_null(strstr(txf_last_error(), "TXF_DEVICE"));
	setenv("TXF_DEVICE", "0", 1);
	assert_int_equal(txf_context_create(&ctx, NULL), TXF_SUCCESS);
	txf_context_release(&ctx);
	unsetenv("TXF_DEVICE");

	txf_devices_free(&list);
	assert_null(list);
	assert_int_equal(txf_devices_list(NULL, &n), TXF_ERR_NULL_ARG);
}

static void wrap_callers_objects(void **state)
{
	(void)state;
	cl_platform_id plat;
	cl_device_id dev;
	assert_int_equal(clGetPlatformIDs(1, &plat, NULL), CL_SUCCESS);
	assert_int_equal(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), CL_SUCCESS);
	cl_int err;
	cl_context clctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	assert_non_null(clctx);
	cl_command_queue q = clCreateCommandQueue(clctx, dev, 0, &err);
	assert_non_null(q);

	cl_uint refs_before = 0, refs = 0;
	assert_int_equal(clGetContextInfo(clctx, CL_CONTEXT_REFERENCE_COUNT, sizeof refs_before,
	                                  &refs_before, NULL),
	                 CL_SUCCESS);
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_wrap(&ctx, clctx, dev, q, NULL), TXF_SUCCESS);
	assert_ptr_equal(txf_context_cl_context(ctx), clctx);
	assert_ptr_equal(txf_context_queue(ctx), q);
	assert_ptr_equal(txf_context_device(ctx), dev);

	/* It works: transpose a small matrix through the caller's queue. */
	uint32_t a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {0};
	txf_matrix A, B;
	assert_int_equal(txf_matrix_alloc(ctx, TXF_U32, 2, 3, TXF_ROW_MAJOR, &A), TXF_SUCCESS);
	assert_int_equal(txf_matrix_alloc(ctx, TXF_U32, 3, 2, TXF_ROW_MAJOR, &B), TXF_SUCCESS);
	assert_int_equal(txf_matrix_write(ctx, &A, a, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	cl_event ev = NULL;
	assert_int_equal(txf_transpose(ctx, &A, &B, NULL, 0, NULL, &ev), TXF_SUCCESS);
	assert_int_equal(txf_matrix_read(ctx, &B, b, 0, 1, 1, &ev, NULL), TXF_SUCCESS);
	clReleaseEvent(ev);
	const uint32_t expect[6] = {1, 4, 2, 5, 3, 6};
	assert_memory_equal(b, expect, sizeof b);
	txf_matrix_free(&A);
	txf_matrix_free(&B);
	txf_context_release(&ctx);

	/* The caller's objects are still alive and theirs. */
	assert_int_equal(
	    clGetContextInfo(clctx, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL),
	    CL_SUCCESS);
	assert_int_equal(refs, refs_before);
	assert_int_equal(clFinish(q), CL_SUCCESS);

	/* A queue of another context is refused. */
	cl_context other = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	assert_non_null(other);
	assert_int_equal(txf_context_wrap(&ctx, other, dev, q, NULL), TXF_ERR_INVALID_ARG);
	assert_null(ctx);
	assert_int_equal(txf_context_wrap(&ctx, clctx, dev, NULL, NULL), TXF_ERR_NULL_ARG);
	assert_int_equal(txf_context_wrap(NULL, clctx, dev, q, NULL), TXF_ERR_NULL_ARG);
	clReleaseContext(other);
	clReleaseCommandQueue(q);
	clReleaseContext(clctx);
}

static void kernel_search_path_order(void **state)
{
	(void)state;
	txf_context_options o;
	txf_context_options_default(&o);
	o.kernel_path = "/first/dir:/second/dir";
	txf_context *ctx = NULL;
	setenv("TXF_KERNEL_PATH", "/from/env", 1);
	assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
	char *path = txf__kernel_search_path(ctx);
	assert_non_null(path);
	const char *a = strstr(path, "/first/dir"), *b = strstr(path, "/second/dir"),
	           *c = strstr(path, "/from/env"), *d = strstr(path, TXF_SOURCE_KERNEL_DIR),
	           *e = strstr(path, TXF_INSTALL_KERNEL_DIR);
	assert_true(a && b && c && d && e);
	assert_true(a < b && b < c && c < d && d < e);
	free(path);
	txf_context_release(&ctx);
	unsetenv("TXF_KERNEL_PATH");

	o.kernel_path_only = 1;
	assert_int_equal(txf_context_create(&ctx, &o), TXF_SUCCESS);
	path = txf__kernel_search_path(ctx);
	assert_string_equal(path, "/first/dir:/second/dir");
	free(path);
	txf_context_release(&ctx);
}

static void programs_are_cached(void **state)
{
	(void)state;
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_create(&ctx, NULL), TXF_SUCCESS);
	txf_matrix A, B;
	assert_int_equal(txf_matrix_alloc(ctx, TXF_F32, 40, 50, TXF_ROW_MAJOR, &A), TXF_SUCCESS);
	assert_int_equal(txf_matrix_alloc(ctx, TXF_F32, 50, 40, TXF_ROW_MAJOR, &B), TXF_SUCCESS);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = TXF_STRATEGY_PAD;
	o.tile = 16;
	o.wg_rows = 4;
	assert_int_equal(txf__program_builds(ctx), 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(txf_transpose(ctx, &A, &B, &o, 0, NULL, NULL), TXF_SUCCESS);
	assert_int_equal(txf__program_builds(ctx), 1);
	o.strategy = TXF_STRATEGY_SPLIT; /* same parameters: same program */
	assert_int_equal(txf_transpose(ctx, &A, &B, &o, 0, NULL, NULL), TXF_SUCCESS);
	assert_int_equal(txf__program_builds(ctx), 1);
	o.wg_rows = 8; /* another parameter set: one more build */
	assert_int_equal(txf_transpose(ctx, &A, &B, &o, 0, NULL, NULL), TXF_SUCCESS);
	assert_int_equal(txf__program_builds(ctx), 2);
	assert_int_equal(clFinish(txf_context_queue(ctx)), CL_SUCCESS);
	txf_matrix_free(&A);
	txf_matrix_free(&B);
	txf_context_release(&ctx);
}

/* Transpose out of place on the test device (dtype of elem bytes, tight
 * row-major matrices), checked against the host. */
static void transpose_checked_as(txf_context *ctx, txf_dtype dtype, size_t elem, size_t rows,
                                 size_t cols, const char *what)
{
	const size_t n = rows * cols * elem;
	unsigned char *in = malloc(n), *want = malloc(n), *got = malloc(n);
	assert_true(in && want && got);
	test_fill_random(in, n);
	test_host_transpose(in, TXF_ROW_MAJOR, cols, 0, want, TXF_ROW_MAJOR, rows, 0, rows, cols,
	                    elem);
	txf_matrix ma, mb;
	assert_int_equal(txf_matrix_alloc(ctx, dtype, rows, cols, TXF_ROW_MAJOR, &ma), TXF_SUCCESS);
	assert_int_equal(txf_matrix_alloc(ctx, dtype, cols, rows, TXF_ROW_MAJOR, &mb), TXF_SUCCESS);
	assert_int_equal(txf_matrix_write(ctx, &ma, in, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	cl_event ev = NULL;
	assert_int_equal(txf_transpose(ctx, &ma, &mb, NULL, 0, NULL, &ev), TXF_SUCCESS);
	test_wait(ev);
	assert_int_equal(txf_matrix_read(ctx, &mb, got, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	if (memcmp(got, want, n) != 0)
		fail_msg("%s: %zu x %zu transposed wrongly", what, rows, cols);
	txf_matrix_free(&ma);
	txf_matrix_free(&mb);
	free(in);
	free(want);
	free(got);
}

static void transpose_checked(txf_context *ctx, size_t rows, size_t cols, const char *what)
{
	transpose_checked_as(ctx, TXF_F32, 4, rows, cols, what);
}

/* In place on ctx with its own choice, f32 n x n, checked exactly. */
static void inplace_checked(txf_context *ctx, size_t n, const char *what)
{
	const size_t bytes = n * n * 4;
	unsigned char *in = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
	assert_true(in && want && got);
	test_fill_random(in, bytes);
	test_host_transpose(in, TXF_ROW_MAJOR, n, 0, want, TXF_ROW_MAJOR, n, 0, n, n, 4);
	txf_matrix m;
	assert_int_equal(txf_matrix_alloc(ctx, TXF_F32, n, n, TXF_ROW_MAJOR, &m), TXF_SUCCESS);
	assert_int_equal(txf_matrix_write(ctx, &m, in, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	cl_event ev = NULL;
	assert_int_equal(txf_transpose_inplace(ctx, &m, NULL, 0, NULL, &ev), TXF_SUCCESS);
	test_wait(ev);
	assert_int_equal(txf_matrix_read(ctx, &m, got, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	if (memcmp(got, want, bytes) != 0)
		fail_msg("%s: %zu x %zu transposed wrongly in place", what, n, n);
	txf_matrix_free(&m);
	free(in);
	free(want);
	free(got);
}

/* A context on the test device, without tuning file, whose profile says
 * NVIDIA GPU with 48 KiB of local memory and 1024 work-items per group, so
 * that explain consults the NVIDIA entries. */
/* A context on the test device that reads no tuning file, its profile
 * dressed as a device of vendor and kind (vendor -1: as it is). */
static txf_context *untuned_context(int vendor, txf_device_kind kind)
{
	setenv("TXF_TUNING", "0", 1);
	txf_context *ctx = NULL;
	assert_int_equal(txf_context_create(&ctx, NULL), TXF_SUCCESS);
	unsetenv("TXF_TUNING");
	if (vendor >= 0) {
		ctx->profile.vendor = (txf_vendor)vendor;
		ctx->profile.kind = kind;
	}
	return ctx;
}

/* Dressed as an NVIDIA GPU of unknown compute capability (tests that need
 * one set it), whatever the test device is. */
static txf_context *nvidia_gpu_context(void)
{
	txf_context *ctx = untuned_context(TXF_VENDOR_NVIDIA, TXF_DEVICE_GPU);
	ctx->profile.local_mem_size = 48 * 1024;
	ctx->profile.max_work_group_size = 1024;
	ctx->profile.nv_compute_capability = 0;
	/* The largest buffer an H100 allows, which bounds K slices' partial
	 * sums; the test device's own (a quarter of its memory) varies with
	 * the machine. */
	ctx->profile.max_alloc_size = (cl_ulong)20 << 30;
	return ctx;
}

/* The test device dressed as an H100: 132 compute units, compute capability
 * 9.0. */
static txf_context *h100_context(void)
{
	txf_context *ctx = nvidia_gpu_context();
	ctx->profile.compute_units = 132;
	ctx->profile.nv_compute_capability = 90;
	return ctx;
}

/* The NVIDIA entry of the built-in table, on the test device dressed as an
 * NVIDIA GPU (48 KiB of local memory, 1024 work-items): 64 x 4 tiles out of
 * place, with one output-aligned run per work-group where the output's rows
 * start off a 32-byte sector, one tile wide unless a width is forced (a
 * forced width where its tile fits: 72 x 129 4-byte elements, 36 KiB),
 * the plain 32-wide tile where the large one does not fit, never over a
 * forced tile; 64 x 4 in place, with one local tile
 * where two would take over a quarter of local memory; each configuration
 * transposes exactly. */
static void nvidia_entry_tiles(void **state)
{
	(void)state;
	txf_context *ctx = nvidia_gpu_context();
	txf_choice c;
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_string_equal(c.entry, "nvidia-gpu");
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(c.tile, 64);
	assert_int_equal(c.wg_rows, 4);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 64);
	assert_int_equal(c.wg_rows, 4);
	assert_int_equal(test_cparam(&c, "segments"), 1);
	assert_int_equal(test_cparam(&c, "width"), 0);
	assert_non_null(strstr(c.why, "8-element boundaries"));
	assert_null(strstr(c.why, "input columns per work-group"));
	/* 8-byte elements: a 64-wide tile (33 KiB) is over the entry's share
	 * of local memory (24 KiB): the entry's 32 x 8, with two runs to cover
	 * the 64 rows of the entry's one (68 x 33 x 8 bytes, 18 KiB). */
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F64, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 32);
	assert_int_equal(c.wg_rows, 8);
	assert_int_equal(test_cparam(&c, "segments"), 2);
	assert_int_equal(test_cparam(&c, "width"), 0);
	assert_non_null(strstr(c.why, "4-element boundaries"));
	assert_int_equal(txf_transpose_explain(ctx, 8192, 8192, TXF_F64, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 32);
	assert_int_equal(c.wg_rows, 8);
	/* Without the chunked kernel (1-byte elements, both sides off words:
	 * nvidia_entry_packed), runs. */
	txf_transpose_options nock;
	txf_transpose_options_default(&nock);
	test_topt(&nock, "packed", -1);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_U8, 0, &nock, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "segments"), 1);
	assert_int_equal(test_cparam(&c, "width"), 0);
	/* In place: 64 x 4 work-groups. Two 64-wide tiles of 4-byte elements
	 * (33 KiB) are over a quarter of 48 KiB: one local tile; of bytes
	 * (8 KiB) two. 16-byte elements need a 32-wide tile even alone. */
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_F32, 1, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 64);
	assert_int_equal(c.wg_rows, 4);
	assert_int_equal(test_cparam(&c, "inplace_tiles"), 1);
	assert_non_null(strstr(c.why, "one local tile"));
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_U8, 1, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 64);
	assert_int_equal(test_cparam(&c, "inplace_tiles"), 2);
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_C128, 1, NULL, &c),
	                 TXF_SUCCESS);
	assert_int_equal(c.tile, 32);
	assert_int_equal(c.wg_rows, 4);
	assert_int_equal(test_cparam(&c, "inplace_tiles"), 1);
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "inplace_tiles"), 0); /* out of place */
	/* 64 x 65 elements of 16 bytes are over 48 KiB: 32-wide tiles, with
	 * one run (32 + 2 rows of 33 elements, 18 KiB); the two that would
	 * cover the 64 rows of the entry's one take 35 KiB, over its share. */
	assert_int_equal(txf_transpose_explain(ctx, 4095, 4097, TXF_C128, 0, NULL, &c),
	                 TXF_SUCCESS);
	assert_int_equal(c.tile, 32);
	assert_int_equal(test_cparam(&c, "segments"), 1);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.tile = 32;
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 32);
	assert_int_equal(c.wg_rows, 8);
	o.tile = 16;
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 16);
	assert_int_equal(test_cparam(&c, "segments"),
	                 4); /* 4 x 16 rows: the span of the entry's run */
	assert_int_equal(test_cparam(&c, "width"), 0);
	o.tile = 0;
	test_topt(&o, "width", 128);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "width"), 128);
	assert_non_null(strstr(c.why, "128 input columns per work-group (forced)"));
	test_topt(&o, "width", 128); /* 68 x 129 x 8 bytes: over 48 KiB */
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F64, 0, &o, &c),
	                 TXF_ERR_TILE_UNSUPPORTED);
	assert_non_null(strstr(txf_last_error(), "local memory"));
	test_topt(&o, "width", -1);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "segments"), 1);
	assert_int_equal(test_cparam(&c, "width"), 0);
	test_topt(&o, "width", 192); /* 72 x 193 x 4 bytes: over 48 KiB */
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c),
	                 TXF_ERR_TILE_UNSUPPORTED);
	assert_non_null(strstr(txf_last_error(), "local memory"));
	test_topt(&o, "width", 0);
	/* Cache hints: only forced, with a forced width, where the profile
	 * reports compute capability 8.0 or later, never with -1; forced
	 * elsewhere, refused with the reason. The test device cannot run them,
	 * so it is set back to 0 before the transposes below. */
	assert_int_equal(ctx->profile.nv_compute_capability, 0); /* as dressed */
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "cache_hints"), 0);
	ctx->profile.nv_compute_capability = 90;
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "width"), 0);
	assert_int_equal(test_cparam(&c, "cache_hints"), 0);
	assert_null(strstr(c.why, "L2 prefetch"));
	test_topt(&o, "width", 128);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "width"), 128);
	assert_int_equal(test_cparam(&c, "cache_hints"), 0); /* not unless forced */
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_U8, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "width"), 128);
	assert_int_equal(test_cparam(&c, "cache_hints"), 0);
	test_topt(&o, "cache_hints", 1);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_U8, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "cache_hints"), 1);
	assert_non_null(strstr(c.why, "streaming stores (forced)"));
	test_topt(&o, "cache_hints", -1);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "width"), 128);
	assert_int_equal(test_cparam(&c, "cache_hints"), 0);
	test_topt(&o, "width", 0);
	test_topt(&o, "cache_hints", 1); /* without a width: no wide kernel */
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "force a width above one tile too"));
	test_topt(&o, "width", 128);
	ctx->profile.nv_compute_capability = 75;
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "width"), 0);
	assert_int_equal(test_cparam(&c, "cache_hints"), 0);
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "compute capability 7.5, below 8.0"));
	ctx->profile.nv_compute_capability = 0;
	assert_int_equal(txf_transpose_explain(ctx, 8191, 8193, TXF_F32, 0, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "does not report its compute capability"));
	test_topt(&o, "cache_hints", 0);
	test_topt(&o, "width", 0);
	transpose_checked(ctx, 192, 320, "64 x 4 tiles");
	transpose_checked(ctx, 97, 131, "64 x 4 tiles, one aligned run");
	transpose_checked_as(ctx, TXF_F64, 8, 97, 131, "f64, 32 x 8 tiles, two aligned runs");
	transpose_checked_as(ctx, TXF_C128, 16, 75, 69, "c16, 32 x 8 tiles, one aligned run");
	transpose_checked(ctx, 203, 61, "64 x 4 tiles, one aligned run, several groups");
	transpose_checked(ctx, 141, 397, "64 x 4 tiles, one aligned run, four groups of columns");
	inplace_checked(ctx, 200, "64 x 4 tiles in place, one local tile");
	inplace_checked(ctx, 64, "one 64 x 4 tile in place, one local tile");
	txf_context_release(&ctx);
}

/* Upload op(A) (ar x ac), op(B) (br x bc) and C (m x ldc) of type t, run
 * C[:, :n] = alpha op(A) op(B) + beta C[:, :n] on ctx with options o, and
 * read the whole of C (its guard columns too) back into c. */
static void run_product(txf_context *ctx, txf_dtype t, txf_op opa, txf_op opb, size_t m, size_t n,
                        size_t k, size_t ldc, const void *a, const void *b, const void *c0, void *c,
                        double alpha, double beta, const txf_matmul_options *o, const char *what)
{
	const size_t ar = opa == TXF_OP_N ? m : k, ac = opa == TXF_OP_N ? k : m;
	const size_t br = opb == TXF_OP_N ? k : n, bc = opb == TXF_OP_N ? n : k;
	txf_matrix ma, mb, mc;
	assert_int_equal(txf_matrix_alloc(ctx, t, ar, ac, TXF_ROW_MAJOR, &ma), TXF_SUCCESS);
	assert_int_equal(txf_matrix_alloc(ctx, t, br, bc, TXF_ROW_MAJOR, &mb), TXF_SUCCESS);
	assert_int_equal(txf_matrix_alloc(ctx, t, m, ldc, TXF_ROW_MAJOR, &mc), TXF_SUCCESS);
	assert_int_equal(txf_matrix_write(ctx, &ma, a, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	assert_int_equal(txf_matrix_write(ctx, &mb, b, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	assert_int_equal(txf_matrix_write(ctx, &mc, c0, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	txf_matrix vc = mc;
	vc.cols = n;
	cl_event ev = NULL;
	txf_status st = txf_matmul(ctx, opa, opb, alpha, &ma, &mb, beta, &vc, o, 0, NULL, &ev);
	if (st != TXF_SUCCESS)
		fail_msg("%s: %s: %s", what, txf_status_name(st), txf_last_error());
	test_wait(ev);
	assert_int_equal(txf_matrix_read(ctx, &mc, c, 0, 1, 0, NULL, NULL), TXF_SUCCESS);
	txf_matrix_free(&ma);
	txf_matrix_free(&mb);
	txf_matrix_free(&mc);
}

/* C = A B (f32, row-major, auto) on ctx, checked exactly: small integers
 * make every sum exact in any order. C starts poisoned with NaN. */
static void matmul_checked(txf_context *ctx, size_t m, size_t n, size_t k, const char *what)
{
	float *a = malloc(m * k * 4), *b = malloc(k * n * 4), *c = malloc(m * n * 4);
	assert_true(a && b && c);
	srand(7);
	for (size_t i = 0; i < m * k; i++)
		a[i] = (float)(rand() % 5 - 2);
	for (size_t i = 0; i < k * n; i++)
		b[i] = (float)(rand() % 5 - 2);
	for (size_t i = 0; i < m * n; i++)
		c[i] = NAN;
	run_product(ctx, TXF_F32, TXF_OP_N, TXF_OP_N, m, n, k, n, a, b, c, c, 1.0, 0.0, NULL, what);
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < n; j++) {
			double want = 0;
			for (size_t l = 0; l < k; l++)
				want += (double)a[i * k + l] * b[l * n + j];
			if (c[i * n + j] != (float)want)
				fail_msg("%s: C(%zu, %zu) = %g, expected %g", what, i, j,
				         (double)c[i * n + j], want);
		}
	free(a);
	free(b);
	free(c);
}

/* C = alpha op(A) op(B) + beta C in f64 on ctx with options o, checked
 * exactly: small integers make every sum exact in any order, and alpha 2,
 * beta -1 keep the results integers. C starts as integers, its guard
 * elements (a leading dimension 3 wider) as NaN, which must stay. */
/* What the products below leave beside each row of C (three elements), to
 * be found unchanged: finite, so that a store there with beta (alpha times
 * zero plus beta times it) changes it, and exact in f32. */
#define C_GUARD 777.25

static void dmatmul_checked(txf_context *ctx, size_t m, size_t n, size_t k, txf_op opa, txf_op opb,
                            const txf_matmul_options *o, const char *what)
{
	const size_t ar = opa == TXF_OP_N ? m : k, ac = opa == TXF_OP_N ? k : m;
	const size_t br = opb == TXF_OP_N ? k : n, bc = opb == TXF_OP_N ? n : k;
	const size_t ldc = n + 3;
	double *a = malloc(ar * ac * 8), *b = malloc(br * bc * 8), *c = malloc(m * ldc * 8),
	       *c0 = malloc(m * ldc * 8);
	assert_true(a && b && c && c0);
	srand(11);
	for (size_t i = 0; i < ar * ac; i++)
		a[i] = rand() % 5 - 2;
	for (size_t i = 0; i < br * bc; i++)
		b[i] = rand() % 5 - 2;
	for (size_t i = 0; i < m * ldc; i++)
		c0[i] = i % ldc < n ? (double)(rand() % 7 - 3) : C_GUARD;
	run_product(ctx, TXF_F64, opa, opb, m, n, k, ldc, a, b, c0, c, 2.0, -1.0, o, what);
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < ldc; j++) {
			if (j >= n) {
				if (c[i * ldc + j] != C_GUARD)
					fail_msg("%s: guard C(%zu, %zu) = %g was overwritten", what,
					         i, j, c[i * ldc + j]);
				continue;
			}
			double want = -c0[i * ldc + j];
			for (size_t l = 0; l < k; l++)
				want += 2 * (opa == TXF_OP_N ? a[i * k + l] : a[l * m + i]) *
				        (opb == TXF_OP_N ? b[l * n + j] : b[j * k + l]);
			if (c[i * ldc + j] != want)
				fail_msg("%s: C(%zu, %zu) = %g, expected %g", what, i, j,
				         c[i * ldc + j], want);
		}
	free(a);
	free(b);
	free(c);
	free(c0);
}

/* f64 on the matrix units (mma 2): the NVIDIA entry takes its set for them
 * on a device of compute capability 8.0 or later (the test device dressed
 * as an H100) and not below, nor for f32, nor where the caller chose
 * blocks or mma 1; truncate falls back to mma 1, and forced mma 2 is
 * refused where it cannot run, with the reason. On the test device the
 * kernels compute each mma.sync in OpenCL C (TXF_NV_PTX 0), so the index
 * arithmetic of fragments, swizzled tiles, edges, transposed operands, K
 * slices and padded copies is checked exactly here. */
static void nvidia_entry_dmma(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	txf_matmul_choice mc;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 3);
	assert_int_equal(test_mparam(&mc, "mwg"), 128);
	assert_int_equal(test_mparam(&mc, "nwg"), 64);
	assert_int_equal(test_mparam(&mc, "kwg"), 8);
	assert_int_equal(test_mparam(&mc, "lbuf"), 4);
	assert_non_null(strstr(mc.why, "matrix units (mma.sync m16n8k4)"));
	/* Work-groups in bands of 8 block rows where a row of blocks (64 of 64
	 * columns here) holds more than the 2 x 132 work-groups in flight over
	 * 8 rows; row by row where it does not (a row of 15 blocks), for the
	 * exact f32 kernels, and where the caller says. */
	assert_int_equal(test_mparam(&mc, "raster"), 8);
	assert_non_null(strstr(mc.why, "; work-groups in bands of 8 block rows"));
	assert_int_equal(txf_matmul_explain(ctx, 6686, 911, 794, TXF_F64, NULL, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 3);
	assert_int_equal(test_mparam(&mc, "raster"), 1);
	assert_null(strstr(mc.why, "bands"));
	assert_int_equal(txf_matmul_explain(ctx, 4096, 2176, 4096, TXF_F64, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "raster"), 8); /* 34 blocks a row */
	assert_int_equal(txf_matmul_explain(ctx, 4096, 2112, 4096, TXF_F64, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "raster"), 1); /* 33 */
	assert_int_equal(txf_matmul_explain(ctx, 8192, 8192, 8192, TXF_F32, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	assert_int_equal(test_mparam(&mc, "raster"), 1);
	{
		txf_matmul_options r;
		txf_matmul_options_default(&r);
		test_mopt(&r, "raster", 1);
		assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, &r, &mc),
		                 TXF_SUCCESS);
		assert_int_equal(test_mparam(&mc, "raster"), 1);
		assert_null(strstr(mc.why, "bands"));
		test_mopt(&r, "raster", 5);
		assert_int_equal(txf_matmul_explain(ctx, 64, 64, 64, TXF_F64, &r, &mc),
		                 TXF_SUCCESS);
		assert_int_equal(test_mparam(&mc, "raster"), 5);
	}
	/* Compute capability 8.x: the same blocks with m8n8k4; m16n8k4 forced
	 * there is refused. */
	ctx->profile.nv_compute_capability = 86;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 2);
	assert_int_equal(test_mparam(&mc, "mwg"), 128);
	assert_non_null(strstr(mc.why, "m8n8k4"));
	txf_matmul_options o3;
	txf_matmul_options_default(&o3);
	test_mopt(&o3, "mma", 3);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, &o3, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "9.0 and later"));
	ctx->profile.nv_compute_capability = 90;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 1);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	assert_int_equal(test_mparam(&mc, "mwg"), 64);
	txf_matmul_options_default(&o);
	test_mopt(&o, "mwg", 64);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_TRUNCATE;
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F64, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	/* Forced where it cannot run: truncate, f32, blocks the warps do not
	 * tile, an earlier device, another vendor. */
	test_mopt(&o, "mma", 2);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F64, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "truncate"));
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 2);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F32, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "f64"));
	test_mopt(&o, "mdimc", 8);
	test_mopt(&o, "ndimc", 4);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F64, &o, &mc),
	                 TXF_ERR_BAD_TILE);
	assert_non_null(strstr(txf_last_error(), "warps of 4 x 8"));
	/* One local buffer: the tiles go through cp.async stages. */
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 3);
	test_mopt(&o, "lbuf", 1);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F64, &o, &mc),
	                 TXF_ERR_BAD_TILE);
	assert_non_null(strstr(txf_last_error(), "lbuf must be 2 to 4"));
	ctx->profile.nv_compute_capability = 75;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 2);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F64, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "earlier compute capability"));
	txf_context *plain = untuned_context(TXF_VENDOR_OTHER, TXF_DEVICE_CPU);
	assert_int_equal(txf_matmul_explain(plain, 1000, 1000, 1000, TXF_F64, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "not an NVIDIA device"));
	assert_int_equal(txf_matmul_explain(plain, 1000, 1000, 1000, TXF_F64, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	txf_context_release(&plain);
	if (!ctx->profile.has_fp64) {
		txf_context_release(&ctx);
		return;
	}

	/* Runs through the kernels' OpenCL C form of the instruction. */
	ctx->profile.nv_compute_capability = 90;
	static const struct {
		size_t m, n, k;
		txf_op opa, opb;
		txf_strategy st;
		unsigned ksplit, lbuf, mma;
		const char *what;
		unsigned raster;
	} runs[] = {
	    {128, 64, 16, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 0, 0, 0, "one block, one K step",
	     0},
	    {256, 128, 48, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 0, 0, 0, "split, even blocks", 0},
	    {131, 77, 37, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 0, 0, 0, "pad, every edge", 0},
	    {131, 77, 37, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PAD, 0, 0, 0, "A transposed", 0},
	    {131, 77, 37, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PAD, 0, 0, 0, "B transposed", 0},
	    {70, 150, 41, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_PAD, 0, 0, 0, "both transposed", 0},
	    {129, 65, 200, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_PAD, 3, 0, 0, "three K slices", 0},
	    {129, 65, 45, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PADCOPY, 0, 0, 0, "padded copies", 0},
	    /* One slice: the product writes C in place (matmul_clip), the
	     * blocks inside C unchecked, those on its edges checked. */
	    {300, 191, 45, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PADCOPY, 1, 0, 0,
	     "padded copies, C in place", 0},
	    /* The cp.async pipeline: 2 to 4 K steps in flight, fewer steps
	     * than stages, edges, transposed operands, slices. */
	    {131, 77, 37, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_PAD, 0, 3, 0, "3 stages, 3 K steps", 0},
	    {64, 64, 16, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_PAD, 0, 3, 0, "3 stages, 1 K step", 0},
	    {70, 150, 141, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_PAD, 0, 2, 0, "2 stages, transposed",
	     0},
	    {129, 65, 200, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PAD, 2, 3, 0, "3 stages, 2 K slices",
	     0},
	    {128, 128, 96, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_SPLIT, 0, 2, 0, "2 stages, even", 0},
	    /* The sm_90 instructions: m16n8k4 and m16n8k8, 2 to 4 stages. */
	    {131, 77, 37, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PAD, 0, 2, 3, "m16n8k4", 0},
	    {70, 150, 141, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PAD, 0, 3, 3, "m16n8k4, 3 stages", 0},
	    {131, 77, 37, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_PAD, 0, 2, 4, "m16n8k8", 0},
	    {129, 65, 200, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_PAD, 2, 3, 4,
	     "m16n8k8, 3 stages, 2 slices", 0},
	    /* Bands of block rows: five rows of 128 x 64 blocks in bands of 3
	     * (the last of 2), and in bands of 2 with K slices and packs. */
	    {517, 200, 37, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_PAD, 0, 0, 0, "bands of 3", 3},
	    {390, 150, 45, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PADCOPY, 2, 0, 0,
	     "bands of 2, 2 slices, packs", 2},
	};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		txf_matmul_options_default(&o);
		o.strategy = runs[i].st;
		if (runs[i].ksplit)
			test_mopt(&o, "ksplit", runs[i].ksplit);
		if (runs[i].lbuf) {
			test_mopt(&o, "mma", runs[i].mma ? runs[i].mma : 2);
			test_mopt(&o, "lbuf", runs[i].lbuf);
		}
		if (runs[i].raster)
			test_mopt(&o, "raster", runs[i].raster);
		txf_status es =
		    txf_matmul_explain(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_F64, &o, &mc);
		if (es != TXF_SUCCESS)
			fail_msg("%s: %s: %s", runs[i].what, txf_status_name(es), txf_last_error());
		if (test_mparam(&mc, "mma") < 2)
			fail_msg("%s: mma %lld", runs[i].what, test_mparam(&mc, "mma"));
		dmatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, runs[i].opa, runs[i].opb, &o,
		                runs[i].what);
	}
	txf_context_release(&ctx);
}

/* x rounded to TF32 as the kernels do it: to nearest, ties away from zero
 * (the host model of cvt.rna.tf32.f32). */
static float tf32_model(float x)
{
	uint32_t u;
	memcpy(&u, &x, sizeof u);
	if ((u & 0x7f800000u) != 0x7f800000u)
		u = (u + 0x1000u) & 0xffffe000u;
	memcpy(&x, &u, sizeof x);
	return x;
}

/* C = 1.5 op(A) op(B) - 0.5 C in f32 on ctx with options o, on random
 * inputs whose magnitudes span 2^-range to 2^range, checked element-wise
 * against a float64 reference with the exact kernels' bound (3 (K + 2)
 * eps |alpha| (|A| |B|)_ij + 4 eps |beta| |C0_ij|). With tf32 the
 * reference takes the operands rounded to TF32 (the host model), and some
 * element must then be off the exact product by more than that bound, so
 * that a run which did not round fails. C's guard columns (a leading
 * dimension 3 wider) start as NaN and must stay. */
static void smatmul_checked(txf_context *ctx, size_t m, size_t n, size_t k, txf_op opa, txf_op opb,
                            const txf_matmul_options *o, int range, bool tf32, const char *what)
{
	const size_t ar = opa == TXF_OP_N ? m : k, ac = opa == TXF_OP_N ? k : m;
	const size_t br = opb == TXF_OP_N ? k : n, bc = opb == TXF_OP_N ? n : k;
	const size_t ldc = n + 3;
	float *a = malloc(ar * ac * 4), *b = malloc(br * bc * 4), *c = malloc(m * ldc * 4),
	      *c0 = malloc(m * ldc * 4);
	assert_true(a && b && c && c0);
	srand(13);
	for (size_t i = 0; i < ar * ac; i++)
		a[i] = ldexpf((float)((double)rand() / RAND_MAX - 0.5),
		              rand() % (2 * range + 1) - range);
	for (size_t i = 0; i < br * bc; i++)
		b[i] = ldexpf((float)((double)rand() / RAND_MAX - 0.5),
		              rand() % (2 * range + 1) - range);
	for (size_t i = 0; i < m * ldc; i++)
		c0[i] = i % ldc < n ? (float)((double)rand() / RAND_MAX - 0.5) : (float)C_GUARD;
	run_product(ctx, TXF_F32, opa, opb, m, n, k, ldc, a, b, c0, c, 1.5, -0.5, o, what);
	const double eps = FLT_EPSILON;
	bool off_exact = false;
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < ldc; j++) {
			if (j >= n) {
				if (c[i * ldc + j] != (float)C_GUARD)
					fail_msg("%s: guard C(%zu, %zu) = %g was overwritten", what,
					         i, j, (double)c[i * ldc + j]);
				continue;
			}
			double want = -0.5 * c0[i * ldc + j], exact = want, mag = 0;
			for (size_t l = 0; l < k; l++) {
				const float x = opa == TXF_OP_N ? a[i * k + l] : a[l * m + i];
				const float y = opb == TXF_OP_N ? b[l * n + j] : b[j * k + l];
				want += 1.5 * (tf32 ? (double)tf32_model(x) * tf32_model(y)
				                    : (double)x * y);
				exact += 1.5 * (double)x * y;
				mag += fabs((double)x * y);
			}
			const double bound = 3.0 * (double)(k + 2) * eps * 1.5 * mag +
			                     4.0 * eps * 0.5 * fabs((double)c0[i * ldc + j]) +
			                     1e-30;
			const double got = c[i * ldc + j];
			if (!(fabs(got - want) <= bound))
				fail_msg("%s: C(%zu, %zu) = %.9g, expected %.9g within %.3g", what,
				         i, j, got, want, bound);
			off_exact = off_exact || fabs(got - exact) > bound;
		}
	if (tf32 && !off_exact)
		fail_msg("%s: every element is within the exact bound: TF32 rounding did not run",
		         what);
	free(a);
	free(b);
	free(c);
	free(c0);
}

/* f32 on the TF32 matrix units: the NVIDIA entry takes its set for them
 * where the caller allows it (precision 2, 3xtf32, or 3, tf32) on compute
 * capability 8.0 and later; elsewhere, for f64, below the tiling
 * threshold and under the caller's blocks or mma 1 the product is exact
 * and the choice says so (precision 1). Forced mma on f32 needs the
 * precision. On the test device the kernels compute each instruction and
 * each TF32 rounding in OpenCL C: 3xtf32 is checked against the exact
 * bound, on inputs of wide dynamic range too, and tf32 against the host
 * model of TF32 rounding. */
static void nvidia_entry_tf32(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	txf_matmul_choice mc;
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, NULL, &mc),
	                 TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	test_mopt(&o, "precision", 2);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(test_mparam(&mc, "precision"), 2);
	assert_int_equal(test_mparam(&mc, "mwg"), 128);
	assert_int_equal(test_mparam(&mc, "nwg"), 128);
	assert_non_null(
	    strstr(mc.why, "f32 as 3xtf32 on the TF32 matrix units (mma.sync m16n8k8)"));
	/* 3xtf32 where the 128 x 128 blocks number at least the compute units
	 * (1536 x 1408: 12 x 11 = 132 of them, odd K too); below that, exact and
	 * said, unless mma is forced. tf32 keeps the set on few blocks. */
	assert_int_equal(txf_matmul_explain(ctx, 1536, 1408, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(txf_matmul_explain(ctx, 1536, 1407, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(txf_matmul_explain(ctx, 1536, 1280, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	if (!strstr(mc.why, "computed exactly: C has fewer blocks of the TF32 set than the device "
	                    "has compute units"))
		fail_msg("why: %s", mc.why);
	test_mopt(&o, "mma", 4);
	assert_int_equal(txf_matmul_explain(ctx, 100, 3000, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(test_mparam(&mc, "precision"), 2);
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 3);
	assert_int_equal(txf_matmul_explain(ctx, 100, 3000, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 3);
	assert_non_null(strstr(mc.why, "f32 as tf32"));
	/* TF32 products that the blocks do not divide are packed from the
	 * entry's padcopy_from_tf32 (3e8 multiply-adds) on, the others from
	 * padcopy_from (3e9). */
	assert_int_equal(mc.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(txf_matmul_explain(ctx, 1024, 1024, 1024, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_not_equal(mc.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(txf_matmul_explain(ctx, 1536, 1408, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(mc.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(txf_matmul_explain(ctx, 700, 500, 700, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(mc.strategy, TXF_STRATEGY_PAD);
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 2);
	assert_int_equal(txf_matmul_explain(ctx, 1536, 1408, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	assert_int_equal(mc.strategy, TXF_STRATEGY_PAD);
	/* (f64 on the units forced: the rule; auto takes the cost model.) */
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 3);
	assert_int_equal(txf_matmul_explain(ctx, 1536, 1408, 777, TXF_F64, &o, &mc), TXF_SUCCESS);
	assert_int_equal(mc.strategy, TXF_STRATEGY_PAD);
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 3);
	/* Computed exactly, and said: below the tiling threshold, mma 1, the
	 * caller's blocks, truncate, f64, an earlier device, another vendor. */
	assert_int_equal(txf_matmul_explain(ctx, 16, 16, 16, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	assert_non_null(strstr(mc.why, "below the tiling threshold"));
	/* The kernels without the units take the set's blocks, and at most
	 * two local buffers (its four are cp.async stages). */
	assert_true(test_mparam(&mc, "lbuf") <= 2);
	smatmul_checked(ctx, 16, 16, 16, TXF_OP_N, TXF_OP_T, &o, 1, false,
	                "tf32 below the tiling threshold");
	test_mopt(&o, "mma", 1);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	if (!strstr(mc.why, "precision tf32 allows TF32 products, computed exactly"))
		fail_msg("why: %s", mc.why);
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 2);
	test_mopt(&o, "mwg", 64);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 2);
	o.strategy = TXF_STRATEGY_TRUNCATE;
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	assert_true(test_mparam(&mc, "lbuf") <= 2);
	smatmul_checked(ctx, 200, 150, 40, TXF_OP_T, TXF_OP_N, &o, 1, false,
	                "3xtf32 asked, truncate");
	o.strategy = TXF_STRATEGY_AUTO;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	assert_int_equal(test_mparam(&mc, "mma"), 3);
	assert_non_null(strstr(mc.why, "f32 only"));
	ctx->profile.nv_compute_capability = 75;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	assert_non_null(strstr(mc.why, "no TF32 matrix units"));
	/* An sm_80 device has the TF32 instructions. */
	ctx->profile.nv_compute_capability = 80;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 2);
	assert_int_equal(test_mparam(&mc, "mma"), 4);
	txf_context *plain = untuned_context(TXF_VENDOR_POCL, TXF_DEVICE_CPU);
	assert_int_equal(txf_matmul_explain(plain, 999, 666, 777, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	assert_non_null(strstr(mc.why, "no TF32 matrix units"));
	txf_context_release(&plain);
	/* Refused: mma on f32 without the precision, m8n8k4 on f32, a
	 * precision out of range. */
	ctx->profile.nv_compute_capability = 90;
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 4);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "needs precision 2 (3xtf32) or 3 (tf32)"));
	test_mopt(&o, "precision", 2);
	test_mopt(&o, "mma", 2);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "computes f64 products"));
	assert_int_equal(txf_matmul_options_set(&o, "precision", 4), TXF_ERR_BAD_PARAM);
	assert_non_null(strstr(txf_last_error(), "precision"));

	/* Runs through the kernels' OpenCL C form of the instructions, on one
	 * compute unit, so that 3xtf32 takes the TF32 set on small products. */
	ctx->profile.compute_units = 1;
	static const struct {
		size_t m, n, k;
		txf_op opa, opb;
		txf_strategy st;
		unsigned prec, ksplit, lbuf, mma, kwg;
		int range;
		const char *what;
	} runs[] = {
	    {128, 128, 8, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 2, 0, 0, 0, 8, 1,
	     "3xtf32, one block, one K step"},
	    {256, 128, 48, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 2, 0, 0, 0, 8, 1,
	     "3xtf32, split, even blocks"},
	    {131, 77, 37, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 2, 0, 0, 0, 8, 20,
	     "3xtf32, every edge, wide range"},
	    {70, 150, 41, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_PAD, 2, 0, 0, 0, 8, 1,
	     "3xtf32, both transposed"},
	    {129, 65, 200, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PAD, 2, 3, 0, 0, 8, 8,
	     "3xtf32, three K slices"},
	    {129, 65, 45, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PADCOPY, 2, 0, 0, 0, 8, 1,
	     "3xtf32, padded copies"},
	    {131, 77, 37, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PAD, 2, 0, 2, 3, 8, 1,
	     "3xtf32, m16n8k4, 2 stages"},
	    {131, 77, 37, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_AUTO, 3, 0, 0, 0, 8, 1,
	     "tf32, every edge"},
	    {70, 150, 141, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PAD, 3, 0, 3, 3, 8, 20,
	     "tf32, m16n8k4, 3 stages, wide range"},
	    {128, 256, 64, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_AUTO, 2, 0, 0, 0, 8, 4,
	     "3xtf32, even, both transposed, 16-byte copies"},
	    {256, 128, 32, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_AUTO, 3, 0, 0, 0, 8, 1,
	     "tf32, even, B transposed, 16-byte copies"},
	    {128, 128, 48, TXF_OP_N, TXF_OP_N, TXF_STRATEGY_PAD, 2, 0, 2, 4, 16, 6,
	     "3xtf32, even, K steps of 16, 16-byte copies"},
	    {64, 128, 48, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_PAD, 2, 0, 3, 4, 16, 1,
	     "3xtf32, even, transposed, K steps of 16"},
	    {70, 150, 48, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PAD, 3, 0, 2, 4, 16, 1,
	     "tf32, every edge, K steps of 16"},
	    {129, 65, 45, TXF_OP_N, TXF_OP_T, TXF_STRATEGY_PADCOPY, 3, 0, 0, 0, 8, 6,
	     "tf32, padded copies of both, rounded by the packs"},
	    {128, 256, 64, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PADCOPY, 3, 0, 0, 0, 8, 1,
	     "tf32, padcopy of K-major operands (no packs)"},
	    {200, 130, 72, TXF_OP_T, TXF_OP_T, TXF_STRATEGY_PADCOPY, 3, 2, 0, 0, 8, 1,
	     "tf32, padded copy of B only, two K slices"},
	    {300, 255, 45, TXF_OP_T, TXF_OP_N, TXF_STRATEGY_PADCOPY, 3, 1, 0, 0, 8, 1,
	     "tf32, padded copies, C in place: blocks inside C and on its edges"},
	};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		txf_matmul_options_default(&o);
		o.strategy = runs[i].st;
		test_mopt(&o, "precision", runs[i].prec);
		if (runs[i].ksplit)
			test_mopt(&o, "ksplit", runs[i].ksplit);
		if (runs[i].lbuf) {
			test_mopt(&o, "mma", runs[i].mma);
			test_mopt(&o, "lbuf", runs[i].lbuf);
			test_mopt(&o, "mwg", 64);
			test_mopt(&o, "nwg", 64);
			test_mopt(&o, "kwg", runs[i].kwg);
			test_mopt(&o, "mdimc", 8);
			test_mopt(&o, "ndimc", 16);
		}
		txf_status es =
		    txf_matmul_explain(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_F32, &o, &mc);
		if (es != TXF_SUCCESS)
			fail_msg("%s: %s: %s", runs[i].what, txf_status_name(es), txf_last_error());
		if (test_mparam(&mc, "precision") != runs[i].prec)
			fail_msg("%s: precision %lld", runs[i].what, test_mparam(&mc, "precision"));
		smatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, runs[i].opa, runs[i].opb, &o,
		                runs[i].range, runs[i].prec == 3, runs[i].what);
	}
	/* Where none of the entry's sets fits (4 KiB of local memory), the
	 * safe entry's blocks, without the units, and said so. */
	ctx->profile.local_mem_size = 4 * 1024;
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 3);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(mc.params_source, TXF_SOURCE_FALLBACK);
	assert_int_equal(test_mparam(&mc, "mma"), 1);
	assert_int_equal(test_mparam(&mc, "precision"), 1);
	smatmul_checked(ctx, 100, 70, 50, TXF_OP_N, TXF_OP_N, &o, 1, false, "the safe entry");
	txf_context_release(&ctx);
}

/* The NVIDIA entry's rules where its cost model does not decide (a forced
 * strategy, forced blocks, f64), on the test device dressed as an H100
 * (132 compute units): where 128 x 128 blocks number at most one per
 * compute unit, 128 x 64 blocks; where those still number at most one per
 * compute unit, K slices up to two work-groups per compute unit (at least
 * 8 K steps each), divisible shapes moving from SPLIT to PAD for them;
 * large C and forced choices get neither; a sliced product on the device
 * is exact. */
static void nvidia_entry_ksplit(void **state)
{
	(void)state;
	txf_context *ctx = nvidia_gpu_context();
	ctx->profile.compute_units = 132;
	txf_matmul_choice c;
	txf_matmul_options pad;
	txf_matmul_options_default(&pad);
	pad.strategy = TXF_STRATEGY_PAD;
	/* 8 x 6 blocks of 128 x 128 (48): 128 x 64 blocks, 8 x 11 = 88 of
	 * them, 264 / 88 = 3 slices of 16 or 17 K steps. */
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &pad, &c), TXF_SUCCESS);
	assert_string_equal(c.entry, "nvidia-gpu");
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "ksplit"), 3);
	assert_int_equal(c.launches, 2);
	assert_non_null(strstr(c.why, "3 slices"));
	assert_non_null(strstr(c.why, "few blocks"));
	/* 8 x 16 blocks: 2 slices; f64 (16 x 16 blocks of 64 x 64: 256) none. */
	assert_int_equal(txf_matmul_explain(ctx, 1024, 1024, 1024, TXF_F32, &pad, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "ksplit"), 2);
	assert_int_equal(txf_matmul_explain(ctx, 1024, 1024, 1024, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_SPLIT);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_null(strstr(c.why, "cost model"));
	/* A short K limits the slices: 64 K steps, 8 slices at most. */
	assert_int_equal(txf_matmul_explain(ctx, 128, 128, 1024, TXF_F32, &pad, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 8);
	/* Enough blocks: the usual ones, no slices; from 3e9 multiply-adds
	 * on padcopy (A packed, B and C in place on this shape). */
	assert_int_equal(txf_matmul_explain(ctx, 2048, 2048, 2048, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_int_equal(c.launches, 2);
	assert_null(strstr(c.why, "slices"));
	assert_null(strstr(c.why, "large blocks"));
	/* Below 3e9 (1408^3 = 2.8e9): SPLIT, 1999^3 (8e9) padcopy, three
	 * launches (pack A, pack B, the product into C). */
	assert_int_equal(txf_matmul_explain(ctx, 1408, 1408, 1408, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_SPLIT);
	assert_int_equal(txf_matmul_explain(ctx, 1999, 1999, 1999, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(c.launches, 3);
	/* The cost model at 4096^3: padcopy with the 128 x 128 set's packed
	 * variant, K steps of 8 through three cp.async stages. From 2e10
	 * multiply-adds on a forced strategy takes the large set, 256 x 128
	 * blocks, K steps of 32 (one local buffer: two would not fit), 4 x 8
	 * work-item tiles; forced blocks keep the usual layout. */
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "kwg"), 8);
	assert_int_equal(test_mparam(&c, "lbuf"), 3);
	assert_int_equal(test_mparam(&c, "wmap"), 1);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_int_equal(c.launches, 2); /* the blocks divide it: pack A, product */
	assert_non_null(strstr(c.why, "cost model: blocks 128 x 128 x 8"));
	if (!strstr(c.why,
	            "on 132 compute units with 1 to 64 K slices, with and without packed operands"))
		fail_msg("the why is: %s", c.why);
	txf_matmul_options po;
	txf_matmul_options_default(&po);
	po.strategy = TXF_STRATEGY_PAD;
	assert_int_equal(txf_matmul_explain(ctx, 4093, 4093, 4093, TXF_F32, &po, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(test_mparam(&c, "mwg"), 256);
	assert_int_equal(test_mparam(&c, "kwg"), 32);
	assert_int_equal(test_mparam(&c, "wmap"), 2);
	/* padcopy forced with the blocks open: the 128 x 128 set's packed
	 * variant, below the large products' threshold and above it; with a
	 * block parameter forced, not. */
	po.strategy = TXF_STRATEGY_PADCOPY;
	static const size_t pc_sides[] = {2000, 4093};
	for (size_t i = 0; i < 2; i++) {
		const size_t n = pc_sides[i];
		assert_int_equal(txf_matmul_explain(ctx, n, n, n, TXF_F32, &po, &c), TXF_SUCCESS);
		assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
		assert_int_equal(test_mparam(&c, "mwg"), 128);
		assert_int_equal(test_mparam(&c, "nwg"), 128);
		assert_int_equal(test_mparam(&c, "kwg"), 8);
		assert_int_equal(test_mparam(&c, "lbuf"), 3);
	}
	test_mopt(&po, "kwg", 16);
	assert_int_equal(txf_matmul_explain(ctx, 2000, 2000, 2000, TXF_F32, &po, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "kwg"), 16);
	assert_int_equal(test_mparam(&c, "lbuf"), 1);
	/* The stages in 48 KiB: each operand's stage counted with 16 bytes a
	 * row for the larger of its two layouts. 128 x 128 x 8 in three
	 * stages fits (36 KiB); 256 x 128 x 8 (55 KiB) and 128 x 128 x 16
	 * (54 KiB) do not. */
	static const struct {
		unsigned mwg, nwg, kwg, vwa, vwb;
		txf_status want;
	} st[] = {{128, 128, 8, 2, 2, TXF_SUCCESS},
	          {256, 128, 8, 4, 4, TXF_ERR_TILE_UNSUPPORTED},
	          {128, 128, 16, 2, 2, TXF_ERR_TILE_UNSUPPORTED}};
	for (size_t i = 0; i < sizeof st / sizeof st[0]; i++) {
		txf_matmul_options so;
		txf_matmul_options_default(&so);
		so.strategy = TXF_STRATEGY_PADCOPY;
		test_mopt(&so, "mwg", st[i].mwg);
		test_mopt(&so, "nwg", st[i].nwg);
		test_mopt(&so, "kwg", st[i].kwg);
		test_mopt(&so, "mdimc", 16);
		test_mopt(&so, "ndimc", 16);
		test_mopt(&so, "vwa", st[i].vwa);
		test_mopt(&so, "vwb", st[i].vwb);
		test_mopt(&so, "lbuf", 3);
		const txf_status s = txf_matmul_explain(ctx, 2000, 2000, 2000, TXF_F32, &so, &c);
		if (s != st[i].want ||
		    (s != TXF_SUCCESS && !strstr(txf_last_error(), "local memory")))
			fail_msg("%u x %u x %u in three stages: %s (%s)", st[i].mwg, st[i].nwg,
			         st[i].kwg, txf_status_name(s), txf_last_error());
	}
	txf_matmul_options_default(&po);
	po.strategy = TXF_STRATEGY_PAD;
	test_mopt(&po, "mwg", 128);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, &po, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "lbuf"), 1);
	assert_int_equal(test_mparam(&c, "wmap"), 1);
	/* Below it the usual blocks, one buffer, rows of work-items. */
	assert_int_equal(txf_matmul_explain(ctx, 2048, 2048, 2048, TXF_F32, &pad, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "lbuf"), 1);
	assert_int_equal(test_mparam(&c, "wmap"), 1);
	/* Forced blocks are kept: 128 x 128 at 999 x 666, 5 slices. */
	txf_matmul_options fo;
	txf_matmul_options_default(&fo);
	test_mopt(&fo, "mwg", 128);
	test_mopt(&fo, "nwg", 128);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &fo, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "ksplit"), 5);
	/* Forced: a strategy that cannot slice keeps it, and ksplit 1 is none. */
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_SPLIT;
	assert_int_equal(txf_matmul_explain(ctx, 1024, 1024, 1024, TXF_F32, &o, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_SPLIT);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	txf_matmul_options_default(&o);
	test_mopt(&o, "ksplit", 1);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_int_equal(c.launches, 1);
	/* One block, 44 K steps: 5 slices, run on the device. */
	assert_int_equal(txf_matmul_explain(ctx, 40, 30, 700, TXF_F32, &pad, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "ksplit"), 5);
	txf_context_release(&ctx);
}

/* The internal choice of a rows x cols transpose of elem-byte elements
 * between views of the given leading dimensions and offsets (modulo 4
 * elements), nothing forced. */
static void select_in_views(txf_context *ctx, size_t rows, size_t cols, size_t elem, size_t in_ld,
                            size_t out_ld, unsigned in_off4, unsigned out_off4, txf__tchoice *tc)
{
	txf__topts to;
	assert_int_equal(txf__topts_resolve(NULL, &to), TXF_SUCCESS);
	to.views_known = true;
	to.in_ld = in_ld;
	to.out_ld = out_ld;
	to.in_off4 = in_off4;
	to.out_off4 = out_off4;
	assert_int_equal(txf__select_transpose(ctx, rows, cols, elem, false, &to, tc), TXF_SUCCESS);
}

/* The skinny kernels on a GPU (the test device dressed as an NVIDIA one)
 * move elements of up to 8 bytes in 4-byte units where the side whose rows
 * a work-group covers whole (the output's with few rows, the input's with
 * few columns) is tight and starts on a unit, and a group's units fit in
 * local memory: 16 bytes of each short row or column per work-item at the
 * least, and a unit at least; other views and sizes, one element per
 * work-item and step. The units run exactly on the device. */
static void gpu_skinny_words(void **state)
{
	(void)state;
	txf_context *ctx = nvidia_gpu_context();
	static const struct {
		size_t rows, cols, elem, in_ld, out_ld;
		unsigned in_off4, out_off4;
		bool words;
	} views[] = {
	    {3, 100000, 1, 100000, 3, 0, 0, true},   {3, 100000, 1, 100001, 3, 1, 0, true},
	    {3, 100000, 1, 100000, 3, 0, 1, false},  {3, 100000, 1, 100000, 4, 0, 0, false},
	    {7, 100000, 2, 100000, 7, 0, 2, true},   {7, 100000, 2, 100000, 7, 0, 3, false},
	    {100000, 9, 1, 9, 100000, 0, 0, true},   {100000, 9, 1, 9, 100003, 0, 3, true},
	    {100000, 9, 1, 9, 100000, 2, 0, false},  {100000, 9, 1, 12, 100000, 0, 0, false},
	    {100000, 31, 2, 31, 100000, 2, 1, true}, {100000, 31, 2, 31, 100001, 0, 0, true},
	    {100000, 13, 1, 13, 100001, 0, 1, true}, {100000, 32, 4, 32, 100000, 0, 0, true},
	    {100000, 32, 4, 32, 100000, 3, 1, true}, {100000, 32, 4, 33, 100000, 0, 0, false},
	    {16, 100000, 8, 100000, 16, 0, 0, true}, {5, 100000, 16, 100000, 5, 0, 0, false},
	};
	for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
		txf__tchoice tc;
		select_in_views(ctx, views[i].rows, views[i].cols, views[i].elem, views[i].in_ld,
		                views[i].out_ld, views[i].in_off4, views[i].out_off4, &tc);
		const bool words = strstr(tc.why, "moved in 4-byte words") != NULL;
		if (tc.skinny != 1 || words != views[i].words)
			fail_msg("views %zu: skinny %u: %s", i, tc.skinny, tc.why);
	}
	/* 256 work-items' 33 words of a short side of 32 take 33 KiB. */
	txf_choice c;
	assert_int_equal(txf_transpose_explain(ctx, 32, 100000, TXF_U8, 0, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "1024 whole short columns per work-group of 256, 4 per "
	                              "work-item, moved in 4-byte words (1 of each)"));
	/* 16 bytes of each short row or column per work-item, a unit at the
	 * least. */
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		const char *says;
	} per_item[] = {
	    {1, 100000, TXF_U8, "16 per work-item, moved in 4-byte words (4 of each)"},
	    {100000, 3, TXF_U8, "8 per work-item, moved in 4-byte words (2 of each)"},
	    {4, 100000, TXF_U16, "2 per work-item, moved in 4-byte words (1 of each)"},
	    {100000, 2, TXF_F32, "2 per work-item, moved in 4-byte words (2 of each)"},
	    {1, 100000, TXF_F64, "2 per work-item, moved in 4-byte words (4 of each)"},
	    {100000, 2, TXF_F64, "1 per work-item, moved in 4-byte words (2 of each)"},
	};
	for (size_t i = 0; i < sizeof per_item / sizeof per_item[0]; i++) {
		assert_int_equal(txf_transpose_explain(ctx, per_item[i].rows, per_item[i].cols,
		                                       per_item[i].dtype, 0, NULL, &c),
		                 TXF_SUCCESS);
		if (!strstr(c.why, per_item[i].says))
			fail_msg("%zu: %s", i, c.why);
	}
	ctx->profile.local_mem_size = 32 * 1024;
	assert_int_equal(txf_transpose_explain(ctx, 32, 100000, TXF_U8, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "skinny"), 1);
	assert_null(strstr(c.why, "4-byte words"));
	assert_int_equal(txf_transpose_explain(ctx, 31, 100000, TXF_U8, 0, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "4-byte words"));
	ctx->profile.local_mem_size = 48 * 1024;
	assert_int_equal(txf_transpose_explain(ctx, 5, 5001, TXF_U8, 0, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "4-byte words"));
	assert_int_equal(txf_transpose_explain(ctx, 3000, 13, TXF_U16, 0, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "4-byte words"));
	transpose_checked_as(ctx, TXF_U8, 1, 5, 5001, "u1 5 x 5001 in words");
	transpose_checked_as(ctx, TXF_U16, 2, 3000, 13, "u2 3000 x 13 in words");
	transpose_checked_as(ctx, TXF_U8, 1, 3001, 9,
	                     "u1 3001 x 9 in words, shifted onto the output");
	transpose_checked_as(ctx, TXF_F64, 8, 1, 3001, "f8 1 x 3001 in words");
	txf_context_release(&ctx);
}

/* The NVIDIA entry's cost model for f32 products with nothing forced, from
 * the tiling threshold on, on the test device dressed as an H100: a skinny
 * C takes the smallest blocks, a deep K of a small C many slices, a C of 64
 * large blocks four slices, a square 2048^3 no slices; on 8 compute units,
 * fewer slices and larger blocks; large products the large blocks where
 * they fill the units, packed and in K slices where they leave the last
 * round short. The model's choices run exactly on the device;
 * forced choices are not the model's. */
/* A C that one 16 x 16 block holds, over a K deep enough for slices: the
 * NVIDIA entry's tiny blocks (f32 and f64, exact arithmetic, in place of the
 * cost model's sets and of the f64 matrix units), K-sliced; not for a C
 * wider than the block, a shallow K, TF32 products, a forced mma or forced
 * blocks. The products are computed exactly on the test device. */
static void nvidia_tiny_c(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	static const struct {
		size_t m, n, k;
		txf_dtype t;
	} tiny[] = {{16, 16, 60000, TXF_F32},  {8, 8, 65535, TXF_F32}, {3, 16, 50000, TXF_F32},
	            {16, 16, 60000, TXF_F64},  {8, 8, 40000, TXF_F64}, {12, 9, 60000, TXF_F32},
	            {16, 16, 1000000, TXF_F32}};
	txf_matmul_choice mc;
	/* The last one with the reduction kernel declined (dot 1). */
	txf_matmul_options no_dot;
	txf_matmul_options_default(&no_dot);
	test_mopt(&no_dot, "dot", 1);
	for (size_t i = 0; i < sizeof tiny / sizeof tiny[0]; i++) {
		assert_int_equal(
		    txf_matmul_explain(ctx, tiny[i].m, tiny[i].n, tiny[i].k, tiny[i].t,
		                       i + 1 == sizeof tiny / sizeof tiny[0] ? &no_dot : NULL, &mc),
		    TXF_SUCCESS);
		assert_int_equal(test_mparam(&mc, "dot"), 1);
		if (test_mparam(&mc, "mwg") != 16 || test_mparam(&mc, "nwg") != 16 ||
		    test_mparam(&mc, "mma") != 1 || test_mparam(&mc, "ksplit") < 2 ||
		    !strstr(mc.why, "C fits one of the entry's 16 x 16 blocks") ||
		    !strstr(mc.why, " slices: 1 block of C in work-groups of 64 work-items would "
		                    "leave most of the 132"))
			fail_msg("%zu x %zu x %zu: %s", tiny[i].m, tiny[i].n, tiny[i].k, mc.why);
	}
	static const struct {
		size_t m, n, k;
		txf_dtype t;
	} other[] = {{17, 16, 60000, TXF_F32},
	             {16, 17, 60000, TXF_F64},
	             {16, 16, 64, TXF_F32},
	             {16, 16, 64, TXF_F64}};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		assert_int_equal(txf_matmul_explain(ctx, other[i].m, other[i].n, other[i].k,
		                                    other[i].t, NULL, &mc),
		                 TXF_SUCCESS);
		/* (16 x 16 x 64 is under the tiling threshold: the reduction
		 * kernel, whose one block is 16 x 16 too.) */
		if (test_mparam(&mc, "mwg") == 16 && test_mparam(&mc, "nwg") == 16 &&
		    test_mparam(&mc, "dot") == 1)
			fail_msg("%zu x %zu x %zu took the tiny blocks: %s", other[i].m, other[i].n,
			         other[i].k, mc.why);
		assert_null(strstr(mc.why, "C fits one"));
	}
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 3);
	assert_int_equal(txf_matmul_explain(ctx, 16, 16, 60000, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_true(test_mparam(&mc, "mma") >= 3);
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 3);
	assert_int_equal(txf_matmul_explain(ctx, 16, 16, 60000, TXF_F64, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "mma"), 3);
	txf_matmul_options_default(&o);
	test_mopt(&o, "kwg", 32);
	assert_int_equal(txf_matmul_explain(ctx, 16, 16, 60000, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_not_equal(test_mparam(&mc, "mwg"), 16);
	/* Computed: the tiny blocks, K sliced, edges within the block. */
	static const struct {
		size_t m, n, k;
	} runs[] = {{16, 16, 9000}, {5, 11, 20001}, {6, 12, 20000}};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		char what[64];
		snprintf(what, sizeof what, "tiny C %zu x %zu x %zu", runs[i].m, runs[i].n,
		         runs[i].k);
		assert_int_equal(
		    txf_matmul_explain(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_F32, NULL, &mc),
		    TXF_SUCCESS);
		if (test_mparam(&mc, "mwg") != 16 || test_mparam(&mc, "ksplit") < 2)
			fail_msg("%s: %s", what, mc.why);
		smatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_OP_N, TXF_OP_T, NULL, 4,
		                false, what);
		if (ctx->profile.has_fp64)
			dmatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_OP_T, TXF_OP_N,
			                NULL, what);
	}
	txf_context_release(&ctx);
}

/* On the test device dressed as an H100, the NVIDIA entry's reduction
 * kernel (dot), in place of the tiny blocks and every other set: for a C
 * of up to four 8 x 8 parts over a K of 65536 or more, and for a C of at
 * most four rows or columns, the other side longer than 32, over a K of
 * 128 or more (blocks of 8 along the long side); one block also from a
 * K of 64 under the simple kernel's threshold, and from 4096 for a C of at
 * most 40 elements and 16 columns; 256 work-items a
 * work-group shared by a block's parts (of up to 8 x 8), K slices for two
 * work-groups per compute unit over the blocks, each at least 16 k per
 * lane. Not for a C of more parts or a side of five to 32 and a longer
 * one, a shallower K, TF32 products, forced blocks or mma, or dot 1.
 * Forced on a C with no side of at most 32, or with another strategy, it
 * is refused. A C of one to four rows and 1024 columns or more takes the
 * entry's 4 x 256 blocks instead, of five to eight or 13 to 16 rows its 8 x
 * 128 blocks (9 to 32 rows and 2048 columns or more its 12, 24 and 32 x
 * 128 ones),
 * and a C of 2048 rows or more and five to 16 columns its 256 x
 * 8 or 128 x 16 blocks (f32 17 to 32 columns its 128 x 32 ones). The products are computed exactly
 * on the test device. */
static void nvidia_dot_c(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	static const struct {
		size_t m, n, k;
		txf_dtype t;
		unsigned lanes, mdimc, ndimc, slices;
	} dot[] = {
	    {8, 8, 4000000, TXF_F32, 256, 1, 1, 264},  {16, 16, 1000000, TXF_F32, 64, 2, 2, 264},
	    {3, 5, 3000000, TXF_F32, 256, 1, 1, 264},  {1, 16, 500000, TXF_F32, 128, 1, 2, 244},
	    {32, 8, 1000000, TXF_F32, 64, 4, 1, 264},  {1, 1, 65536, TXF_F32, 256, 1, 1, 16},
	    {16, 16, 1000000, TXF_F64, 64, 2, 2, 264}, {8, 3, 100000, TXF_F64, 256, 1, 1, 24},
	    {405, 1, 13763, TXF_F32, 256, 1, 1, 3},    {3, 700, 20000, TXF_F64, 256, 1, 1, 3}};
	txf_matmul_choice mc;
	for (size_t i = 0; i < sizeof dot / sizeof dot[0]; i++) {
		assert_int_equal(
		    txf_matmul_explain(ctx, dot[i].m, dot[i].n, dot[i].k, dot[i].t, NULL, &mc),
		    TXF_SUCCESS);
		if (mc.strategy != TXF_STRATEGY_PAD ||
		    (unsigned)test_mparam(&mc, "dot") != dot[i].lanes ||
		    (unsigned)test_mparam(&mc, "mdimc") != dot[i].mdimc ||
		    (unsigned)test_mparam(&mc, "ndimc") != dot[i].ndimc ||
		    (unsigned)test_mparam(&mc, "ksplit") != dot[i].slices ||
		    test_mparam(&mc, "mwg") < (long long)(dot[i].m < 32 ? dot[i].m : 8) ||
		    test_mparam(&mc, "nwg") < (long long)(dot[i].n < 32 ? dot[i].n : 8) ||
		    mc.launches != 2 || !strstr(mc.why, "the reduction kernel") ||
		    strcmp(mc.entry, "nvidia-gpu") != 0)
			fail_msg(
			    "%zu x %zu x %zu %s: dot %lld, %lld x %lld work-items, %lld slices, "
			    "%u launches: %s",
			    dot[i].m, dot[i].n, dot[i].k, txf_dtype_name(dot[i].t),
			    test_mparam(&mc, "dot"), test_mparam(&mc, "mdimc"),
			    test_mparam(&mc, "ndimc"), test_mparam(&mc, "ksplit"), mc.launches,
			    mc.why);
	}
	static const struct {
		size_t m, n, k;
		const char *name;
		long long value;
	} other[] = {
	    {17, 17, 1000000, NULL, 0},      {33, 8, 1000000, NULL, 0}, {8, 8, 65535, NULL, 0},
	    {8, 8, 4000000, "precision", 3}, {8, 8, 4000000, "mma", 1}, {8, 8, 4000000, "kwg", 16},
	    {8, 8, 4000000, "dot", 1},       {4096, 5, 4096, NULL, 0},  {5, 4096, 4096, NULL, 0},
	    {4096, 1, 127, NULL, 0},         {4096, 1, 4096, "dot", 1}};
	for (size_t i = 0; i < sizeof other / sizeof other[0]; i++) {
		txf_matmul_options o;
		txf_matmul_options_default(&o);
		if (other[i].name)
			test_mopt(&o, other[i].name, other[i].value);
		assert_int_equal(
		    txf_matmul_explain(ctx, other[i].m, other[i].n, other[i].k, TXF_F32, &o, &mc),
		    TXF_SUCCESS);
		if (test_mparam(&mc, "dot") != 1 || strstr(mc.why, "reduction"))
			fail_msg("%zu x %zu x %zu (%s): %s", other[i].m, other[i].n, other[i].k,
			         other[i].name ? other[i].name : "nothing forced", mc.why);
	}
	/* Shallower: under the simple kernel's threshold from a K of 64, and a
	 * C of at most 40 elements and 16 columns from 4096; computed. */
	static const struct {
		size_t m, n, k;
		txf_dtype t;
		bool dot;
	} shallow[] = {{4, 4, 500, TXF_F32, true},    {1, 1, 10000, TXF_F64, true},
	               {20, 1, 961, TXF_F32, true},   {1, 20, 961, TXF_F64, true},
	               {10, 2, 43531, TXF_F32, true}, {5, 7, 50000, TXF_F64, true},
	               {4, 4, 50, TXF_F32, false},    {1, 32, 4000, TXF_F32, false},
	               {8, 8, 30000, TXF_F32, false}, {16, 16, 2000, TXF_F64, false},
	               {5, 7, 4095, TXF_F32, false}};
	for (size_t i = 0; i < sizeof shallow / sizeof shallow[0]; i++) {
		assert_int_equal(txf_matmul_explain(ctx, shallow[i].m, shallow[i].n, shallow[i].k,
		                                    shallow[i].t, NULL, &mc),
		                 TXF_SUCCESS);
		const bool took =
		    test_mparam(&mc, "dot") > 1 && strstr(mc.why, "the reduction kernel");
		if (took != shallow[i].dot || (took && mc.strategy != TXF_STRATEGY_PAD))
			fail_msg("%zu x %zu x %zu %s: %s", shallow[i].m, shallow[i].n, shallow[i].k,
			         txf_dtype_name(shallow[i].t), mc.why);
		if (shallow[i].dot && shallow[i].t == TXF_F32)
			smatmul_checked(ctx, shallow[i].m, shallow[i].n, shallow[i].k, TXF_OP_N,
			                TXF_OP_N, NULL, 4, false, "shallow reduction");
		else if (shallow[i].dot && ctx->profile.has_fp64)
			dmatmul_checked(ctx, shallow[i].m, shallow[i].n, shallow[i].k, TXF_OP_T,
			                TXF_OP_N, NULL, "shallow reduction, f64");
	}
	/* Forced: the caller's lanes and slices; refused where the block cannot
	 * hold C or the strategy is not pad. */
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	test_mopt(&o, "dot", 32);
	test_mopt(&o, "ksplit", 7);
	assert_int_equal(txf_matmul_explain(ctx, 20, 3, 5000, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_int_equal(test_mparam(&mc, "dot"), 32);
	assert_int_equal(test_mparam(&mc, "ksplit"), 7);
	assert_int_equal(mc.params_source, TXF_SOURCE_FORCED);
	assert_non_null(strstr(mc.why, "(forced)"));
	assert_int_equal(txf_matmul_explain(ctx, 40, 33, 5000, TXF_F32, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "C is 40 x 33"));
	/* A C of a short side: blocks of 8 along the long one, one K slice
	 * where they fill the device. */
	assert_int_equal(txf_matmul_explain(ctx, 4096, 1, 4096, TXF_F32, NULL, &mc), TXF_SUCCESS);
	if (test_mparam(&mc, "dot") != 256 || test_mparam(&mc, "mwg") != 8 ||
	    test_mparam(&mc, "nwg") != 1 || test_mparam(&mc, "ksplit") != 1 || mc.launches != 1 ||
	    !strstr(mc.why, "512 blocks of 8 x 1"))
		fail_msg("4096 x 1 x 4096: %s", mc.why);
	assert_int_equal(txf_matmul_explain(ctx, 2, 1000, 300, TXF_F32, NULL, &mc), TXF_SUCCESS);
	if (test_mparam(&mc, "mwg") != 2 || test_mparam(&mc, "nwg") != 8 ||
	    !strstr(mc.why, "125 blocks of 2 x 8"))
		fail_msg("2 x 1000 x 300: %s", mc.why);
	/* A C of one to four rows and 1024 columns or more: the entry's 4 x 256
	 * blocks (pad, K slices by the entry's rule, never padcopy), not the
	 * reduction kernel; five rows neither. */
	static const struct {
		size_t m, n, k;
		txf_dtype t;
	} rows[] = {{1, 4096, 4096, TXF_F32},
	            {4, 16384, 16384, TXF_F32},
	            {3, 100000, 20000, TXF_F32},
	            {1, 1024, 300, TXF_F64}};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		assert_int_equal(
		    txf_matmul_explain(ctx, rows[i].m, rows[i].n, rows[i].k, rows[i].t, NULL, &mc),
		    TXF_SUCCESS);
		if (test_mparam(&mc, "mwg") != 4 || test_mparam(&mc, "nwg") != 256 ||
		    test_mparam(&mc, "dot") != 1 || test_mparam(&mc, "mma") != 1 ||
		    mc.strategy != TXF_STRATEGY_PAD ||
		    !strstr(mc.why, "the entry's 4 x 256 blocks"))
			fail_msg("%zu x %zu x %zu: %s", rows[i].m, rows[i].n, rows[i].k, mc.why);
	}
	/* Five to eight and 13 to 16 rows: 8 x 128 blocks; from 2048 columns
	 * nine to 12 rows 12 x 128, and from a K of 192 17 to 24 rows 24 x 128
	 * and 25 to 32 rows 32 x 128; 33 rows, 12 with 2047 columns and 20
	 * over a K of 191 neither. */
	static const size_t wide[] = {5, 8, 13, 16};
	for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
		assert_int_equal(txf_matmul_explain(ctx, wide[i], 4096, 4096, TXF_F64, NULL, &mc),
		                 TXF_SUCCESS);
		if (test_mparam(&mc, "mwg") != 8 || test_mparam(&mc, "nwg") != 128 ||
		    test_mparam(&mc, "mdimc") != 2 || test_mparam(&mc, "ndimc") != 32 ||
		    test_mparam(&mc, "dot") != 1 || !strstr(mc.why, "the entry's 8 x 128 blocks"))
			fail_msg("%zu x 4096 x 4096: %s", wide[i], mc.why);
	}
	static const struct {
		size_t m, n, k;
		txf_dtype t;
		unsigned mwg, mdimc, max;
	} mid[] = {{9, 4096, 4096, TXF_F32, 12, 2, 12},  {10, 2048, 4096, TXF_F64, 12, 2, 12},
	           {12, 100000, 64, TXF_F32, 12, 2, 12}, {17, 4096, 4096, TXF_F32, 24, 4, 24},
	           {24, 2048, 192, TXF_F64, 24, 4, 24},  {25, 50000, 300, TXF_F32, 32, 4, 32},
	           {32, 3000, 3000, TXF_F64, 32, 4, 32}};
	for (size_t i = 0; i < sizeof mid / sizeof mid[0]; i++) {
		assert_int_equal(
		    txf_matmul_explain(ctx, mid[i].m, mid[i].n, mid[i].k, mid[i].t, NULL, &mc),
		    TXF_SUCCESS);
		char said[64];
		snprintf(said, sizeof said, "(at most %u) and", mid[i].max);
		if ((unsigned)test_mparam(&mc, "mwg") != mid[i].mwg ||
		    test_mparam(&mc, "nwg") != 128 ||
		    (unsigned)test_mparam(&mc, "mdimc") != mid[i].mdimc ||
		    test_mparam(&mc, "ndimc") != 32 || test_mparam(&mc, "dot") != 1 ||
		    !strstr(mc.why, said) || !strstr(mc.why, "(2048 or more)"))
			fail_msg("%zu x %zu x %zu: %s", mid[i].m, mid[i].n, mid[i].k, mc.why);
	}
	static const size_t neither[][3] = {{33, 4096, 4096}, {12, 2047, 4096}, {20, 4096, 191}};
	for (size_t i = 0; i < sizeof neither / sizeof neither[0]; i++) {
		assert_int_equal(txf_matmul_explain(ctx, neither[i][0], neither[i][1],
		                                    neither[i][2], TXF_F32, NULL, &mc),
		                 TXF_SUCCESS);
		assert_null(strstr(mc.why, "the entry's"));
		assert_int_equal(test_mparam(&mc, "dot"), 1);
	}
	smatmul_checked(ctx, 21, 2080, 200, TXF_OP_T, TXF_OP_N, NULL, 4, false,
	                "the entry's blocks for a C of 21 rows");
	if (ctx->profile.has_fp64)
		dmatmul_checked(ctx, 29, 2049, 195, TXF_OP_N, TXF_OP_T, NULL,
		                "the entry's blocks for a C of 29 rows");
	smatmul_checked(ctx, 11, 2100, 90, TXF_OP_N, TXF_OP_T, NULL, 4, false,
	                "the entry's blocks for a C of 11 rows");
	if (ctx->profile.has_fp64)
		dmatmul_checked(ctx, 9, 2050, 33, TXF_OP_T, TXF_OP_N, NULL,
		                "the entry's blocks for a C of nine rows");
	assert_int_equal(txf_matmul_explain(ctx, 8, 1000, 4096, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_null(strstr(mc.why, "8 x 128"));
	/* A long A times five to eight columns: 256 x 8 blocks; nine to 16:
	 * 128 x 16; four the reduction kernel; a shorter A neither. */
	static const struct {
		size_t m, n;
		unsigned mwg, nwg;
	} cols[] = {
	    {4096, 5, 256, 8}, {100000, 8, 256, 8}, {2048, 9, 128, 16}, {16384, 16, 128, 16}};
	for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++) {
		assert_int_equal(
		    txf_matmul_explain(ctx, cols[i].m, cols[i].n, 512, TXF_F64, NULL, &mc),
		    TXF_SUCCESS);
		if ((unsigned)test_mparam(&mc, "mwg") != cols[i].mwg ||
		    (unsigned)test_mparam(&mc, "nwg") != cols[i].nwg ||
		    test_mparam(&mc, "dot") != 1 || mc.strategy != TXF_STRATEGY_PAD ||
		    !strstr(mc.why, "the entry's"))
			fail_msg("%zu x %zu x 512: %s", cols[i].m, cols[i].n, mc.why);
	}
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4, 4096, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_true(test_mparam(&mc, "dot") > 1);
	/* f32 alone: 17 to 32 columns over a K of 200 or more, 128 x 32
	 * blocks; f64, 33 columns and a K of 199 neither. */
	static const struct {
		size_t m, n, k;
		txf_dtype t;
		bool takes;
	} narrow[] = {{4096, 17, 4096, TXF_F32, true},  {50000, 32, 200, TXF_F32, true},
	              {4096, 17, 4096, TXF_F64, false}, {4096, 33, 4096, TXF_F32, false},
	              {2047, 8, 4096, TXF_F32, false},  {2047, 24, 4096, TXF_F32, false},
	              {4096, 24, 199, TXF_F32, false}};
	for (size_t i = 0; i < sizeof narrow / sizeof narrow[0]; i++) {
		assert_int_equal(txf_matmul_explain(ctx, narrow[i].m, narrow[i].n, narrow[i].k,
		                                    narrow[i].t, NULL, &mc),
		                 TXF_SUCCESS);
		const bool took = strstr(mc.why, "the entry's 128 x 32 blocks") != NULL;
		if (took != narrow[i].takes || (!narrow[i].takes && strstr(mc.why, "the entry's")))
			fail_msg("%zu x %zu x %zu %s: %s", narrow[i].m, narrow[i].n, narrow[i].k,
			         txf_dtype_name(narrow[i].t), mc.why);
	}
	smatmul_checked(ctx, 2090, 27, 270, TXF_OP_T, TXF_OP_T, NULL, 4, false,
	                "the entry's blocks for a C of 27 columns");
	smatmul_checked(ctx, 2100, 7, 90, TXF_OP_N, TXF_OP_T, NULL, 4, false,
	                "the entry's blocks for a C of seven columns");
	smatmul_checked(ctx, 2050, 11, 40, TXF_OP_T, TXF_OP_N, NULL, 4, false,
	                "the entry's blocks for a C of 11 columns");
	assert_int_equal(txf_matmul_explain(ctx, 1, 1023, 4096, TXF_F32, NULL, &mc), TXF_SUCCESS);
	assert_true(test_mparam(&mc, "dot") > 1);
	smatmul_checked(ctx, 3, 1500, 300, TXF_OP_N, TXF_OP_N, NULL, 4, false,
	                "the entry's blocks for a C of three rows");
	smatmul_checked(ctx, 14, 1100, 70, TXF_OP_T, TXF_OP_N, NULL, 4, false,
	                "the entry's blocks for a C of 14 rows");
	if (ctx->profile.has_fp64)
		dmatmul_checked(ctx, 1, 1100, 77, TXF_OP_T, TXF_OP_T, NULL,
		                "the entry's blocks for a C of one row");
	o.strategy = TXF_STRATEGY_SPLIT;
	assert_int_equal(txf_matmul_explain(ctx, 20, 3, 5000, TXF_F32, &o, &mc),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "split runs other kernels"));
	/* Computed with the entry's choice: the reduction kernel, K sliced. */
	static const struct {
		size_t m, n, k;
	} runs[] = {{8, 8, 70001}, {3, 17, 65536}, {16, 16, 66000}, {333, 3, 5000}, {1, 301, 700}};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		char what[64];
		snprintf(what, sizeof what, "reduction kernel %zu x %zu x %zu", runs[i].m,
		         runs[i].n, runs[i].k);
		assert_int_equal(
		    txf_matmul_explain(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_F32, NULL, &mc),
		    TXF_SUCCESS);
		if (test_mparam(&mc, "dot") < 2 ||
		    (runs[i].m <= 32 && runs[i].n <= 32 && test_mparam(&mc, "ksplit") < 2))
			fail_msg("%s: %s", what, mc.why);
		smatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_OP_N, TXF_OP_T, NULL, 4,
		                false, what);
		smatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_OP_T, TXF_OP_N, NULL, 4,
		                false, what);
		if (ctx->profile.has_fp64)
			dmatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, TXF_OP_T, TXF_OP_T,
			                NULL, what);
	}
	txf_context_release(&ctx);
}

/* Whether the choice of m x n x k in elem-byte elements, with C's rows
 * described by c_rows as the operation describes them (0 as explain does),
 * is the entry's shallow set mwg x nwg x kwg and says so (with padcopy
 * where f32 rows off 16-byte boundaries make a C of 1.2e7 elements or
 * more, else pad). */
static bool takes_shallow(txf_context *ctx, size_t m, size_t n, size_t k, size_t elem,
                          unsigned c_rows, unsigned mwg, unsigned nwg, unsigned kwg)
{
	txf__mopts o;
	memset(&o, 0, sizeof o);
	o.c_rows = c_rows;
	txf__mchoice ch;
	assert_int_equal(txf__select_matmul(ctx, m, n, k, elem, &o, &ch), TXF_SUCCESS);
	const bool took = strstr(ch.why, "under a C of") != NULL;
	const bool odd = c_rows == 2 || (c_rows == 0 && n * elem % 16 != 0);
	/* f32 with odd rows packs its operands from a C of 1.2e7 elements. */
	const bool packs = elem == 4 && odd && (double)m * (double)n >= 1.2e7;
	if (took && (ch.params.mwg != mwg || ch.params.nwg != nwg || ch.params.kwg != kwg ||
	             ch.params.mma > 1 || ch.params.dot > 1 ||
	             (ch.strategy == TXF_STRATEGY_PADCOPY) != packs ||
	             (strstr(ch.why, "off 16-byte boundaries") != NULL) != odd))
		fail_msg("%zu x %zu x %zu (%zu-byte, rows %u): %s", m, n, k, elem, c_rows, ch.why);
	return took;
}

/* NVIDIA entry: a K of at most 24 under a C of 2^20 elements or more
 * whose rows start on 16-byte boundaries takes the entry's shallow blocks
 * for f32, 64 x 64 x 4, and none for f64 (the matrix units); where the rows
 * do not (by the operation's C, or by n for explain), a K of at most 64
 * takes 64 x 64 x 8 (f32) and 128 x 128 x 8 (f64). Not a deeper K, a
 * smaller C, a C that the sets for few rows or columns take, forced blocks
 * or TF32 products. The products are computed exactly on the test device,
 * with C's rows on and off 16-byte boundaries. */
static void nvidia_shallow(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	static const struct {
		size_t m, n, k, elem;
		unsigned c_rows, mwg, nwg, kwg; /* mwg 0: not taken */
	} cases[] = {
	    /* f32, rows on 16 bytes (explain: n a multiple of 4) */
	    {4096, 4096, 1, 4, 0, 64, 64, 4},
	    {1024, 1024, 24, 4, 0, 64, 64, 4},
	    {13323, 2372, 2, 4, 1, 64, 64, 4},
	    {100000, 40, 17, 4, 0, 64, 64, 4},
	    {4096, 4096, 25, 4, 0, 0, 0, 0},
	    {1024, 1024, 24, 4, 2, 64, 64, 8},
	    /* f32, rows off them */
	    {13323, 2371, 2, 4, 0, 64, 64, 8},
	    {4096, 4096, 64, 4, 2, 64, 64, 8},
	    {4095, 4095, 64, 4, 0, 64, 64, 8},
	    {4095, 4095, 65, 4, 0, 0, 0, 0},
	    {4096, 4096, 7, 4, 2, 64, 64, 8},
	    {4095, 4095, 7, 4, 1, 64, 64, 4},
	    {1023, 1025, 8, 4, 0, 0, 0, 0},
	    {8, 200000, 4, 4, 2, 0, 0, 0},
	    {200000, 12, 4, 4, 0, 0, 0, 0},
	    /* f64 */
	    {4096, 4096, 2, 8, 0, 0, 0, 0},
	    {4096, 4096, 2, 8, 1, 0, 0, 0},
	    {4096, 4096, 2, 8, 2, 128, 128, 8},
	    {4096, 4095, 64, 8, 0, 128, 128, 8},
	    {4096, 4095, 65, 8, 0, 0, 0, 0},
	    {1023, 1025, 8, 8, 0, 0, 0, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const bool took =
		    takes_shallow(ctx, cases[i].m, cases[i].n, cases[i].k, cases[i].elem,
		                  cases[i].c_rows, cases[i].mwg, cases[i].nwg, cases[i].kwg);
		if (took != (cases[i].mwg != 0))
			fail_msg("%zu x %zu x %zu (%zu-byte, rows %u): %s the shallow blocks",
			         cases[i].m, cases[i].n, cases[i].k, cases[i].elem, cases[i].c_rows,
			         took ? "took" : "did not take");
	}
	/* explain describes the same choice as the operation on a tight C. */
	txf_matmul_choice mc;
	assert_int_equal(txf_matmul_explain(ctx, 3001, 2999, 5, TXF_F64, NULL, &mc), TXF_SUCCESS);
	assert_non_null(strstr(mc.why, "off 16-byte boundaries"));
	assert_int_equal(test_mparam(&mc, "mwg"), 128);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	test_mopt(&o, "mwg", 32);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_null(strstr(mc.why, "under a C of"));
	assert_int_equal(test_mparam(&mc, "mwg"), 32);
	txf_matmul_options_default(&o);
	test_mopt(&o, "precision", 3);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4, TXF_F32, &o, &mc), TXF_SUCCESS);
	assert_null(strstr(mc.why, "under a C of"));
	/* Computed with the entry's choice, C's leading dimension n + 3: f32
	 * rows on 16-byte boundaries (1004 elements) and off them (1023), f64
	 * rows off them (1003). */
	smatmul_checked(ctx, 1100, 1001, 7, TXF_OP_N, TXF_OP_N, NULL, 4, false,
	                "shallow 1100 x 1001 x 7");
	smatmul_checked(ctx, 1030, 1020, 24, TXF_OP_T, TXF_OP_T, NULL, 4, false,
	                "shallow 1030 x 1020 x 24");
	if (ctx->profile.has_fp64)
		dmatmul_checked(ctx, 1100, 1000, 9, TXF_OP_N, TXF_OP_T, NULL,
		                "shallow 1100 x 1000 x 9, f64");
	txf_context_release(&ctx);
}

/* The sets for a few rows or columns (work-groups of 64 or 128
 * work-items) take K slices until the compute units hold as many
 * work-items as two groups of 256 each (split_items; f64 of 128); the sets
 * of 256 work-items count work-groups as they are. A shallow f32 product
 * whose C rows start off 16-byte boundaries packs its operands from a C of
 * 1.2e7 elements. */
static void nvidia_slices_by_items(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	static const struct {
		size_t m, n, k;
		txf_dtype t;
		unsigned mwg, items, slices;
	} runs[] = {
	    /* 2 x 79 blocks of 64 work-items: 1056 / 158 */
	    {14, 10088, 7727, TXF_F32, 8, 64, 6},
	    /* 2 x 18 blocks: 1056 / 36 */
	    {16, 2274, 9748, TXF_F32, 8, 64, 29},
	    /* 125 blocks of 24 x 128, 128 work-items: 528 / 125 */
	    {23, 15920, 7812, TXF_F32, 24, 128, 4},
	    /* f64: groups of 64 work-items count half: 528 / 158, 528 / 36 */
	    {14, 10088, 7727, TXF_F64, 8, 64, 3},
	    {16, 2274, 9748, TXF_F64, 8, 64, 14},
	    /* f64, 128 work-items: as they are, 264 / 125 */
	    {23, 15920, 7812, TXF_F64, 24, 128, 2},
	};
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		if (runs[i].t == TXF_F64 && !ctx->profile.has_fp64)
			continue;
		txf_matmul_choice c;
		assert_int_equal(
		    txf_matmul_explain(ctx, runs[i].m, runs[i].n, runs[i].k, runs[i].t, NULL, &c),
		    TXF_SUCCESS);
		if (test_mparam(&c, "mwg") != runs[i].mwg ||
		    test_mparam(&c, "mdimc") * test_mparam(&c, "ndimc") != runs[i].items ||
		    test_mparam(&c, "ksplit") != runs[i].slices)
			fail_msg("%zu x %zu x %zu %s: mwg %lld, %lld work-items, %lld slices; "
			         "expected %u, %u, %u (%s)",
			         runs[i].m, runs[i].n, runs[i].k, txf_dtype_name(runs[i].t),
			         test_mparam(&c, "mwg"),
			         test_mparam(&c, "mdimc") * test_mparam(&c, "ndimc"),
			         test_mparam(&c, "ksplit"), runs[i].mwg, runs[i].items,
			         runs[i].slices, c.why);
		char said[96];
		snprintf(said, sizeof said, "in work-groups of %u work-items would leave",
		         runs[i].items);
		if (runs[i].slices > 1 && !strstr(c.why, said) &&
		    (runs[i].t == TXF_F32 || runs[i].items < 128))
			fail_msg("%zu x %zu x %zu: why does not say \"%s\": %s", runs[i].m,
			         runs[i].n, runs[i].k, said, c.why);
	}
	static const struct {
		size_t m, n, k;
		txf_dtype t;
		txf_strategy st;
	} shallow[] = {
	    {6129, 5511, 2, TXF_F32, TXF_STRATEGY_PADCOPY}, /* 3.4e7 elements, odd rows */
	    {1457, 5967, 2, TXF_F32, TXF_STRATEGY_PAD},     /* 8.7e6 */
	    {6129, 5512, 2, TXF_F32, TXF_STRATEGY_PAD},     /* rows on 16 bytes */
	    {6129, 5511, 2, TXF_F64, TXF_STRATEGY_PAD},     /* f32 only */
	};
	for (size_t i = 0; i < sizeof shallow / sizeof shallow[0]; i++) {
		if (shallow[i].t == TXF_F64 && !ctx->profile.has_fp64)
			continue;
		txf_matmul_choice c;
		assert_int_equal(txf_matmul_explain(ctx, shallow[i].m, shallow[i].n, shallow[i].k,
		                                    shallow[i].t, NULL, &c),
		                 TXF_SUCCESS);
		if (c.strategy != shallow[i].st || test_mparam(&c, "kwg") > 8)
			fail_msg("%zu x %zu x %zu %s: %s %lld x %lld x %lld, expected %s on the "
			         "shallow blocks (%s)",
			         shallow[i].m, shallow[i].n, shallow[i].k,
			         txf_dtype_name(shallow[i].t), txf_strategy_name(c.strategy),
			         test_mparam(&c, "mwg"), test_mparam(&c, "nwg"),
			         test_mparam(&c, "kwg"), txf_strategy_name(shallow[i].st), c.why);
		if (c.strategy == TXF_STRATEGY_PADCOPY)
			assert_non_null(strstr(c.why, "operands packed first"));
	}
	txf_context_release(&ctx);
}

static void nvidia_cost_model(void **state)
{
	(void)state;
	txf_context *ctx = nvidia_gpu_context();
	ctx->profile.compute_units = 132;
	txf_matmul_choice c;
	assert_int_equal(txf_matmul_explain(ctx, 64, 50000, 64, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_string_equal(c.entry, "nvidia-gpu");
	assert_non_null(strstr(c.why, "cost model"));
	assert_int_equal(c.params_source, TXF_SOURCE_DEVICE);
	assert_int_equal(test_mparam(&c, "mwg"), 64);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_int_equal(c.launches, 1);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 50000, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_true(test_mparam(&c, "ksplit") >= 32);
	assert_int_equal(c.launches, 2);
	assert_non_null(strstr(c.why, "slices"));
	assert_int_equal(txf_matmul_explain(ctx, 8192, 128, 8192, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "ksplit"), 4);
	assert_int_equal(txf_matmul_explain(ctx, 2048, 2048, 2048, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_non_null(strstr(c.why, "cost model"));
	/* 1024^3 (64 blocks of 128 x 128, half a round of the 132 compute
	 * units): those blocks in 4 K slices rather than 128 blocks of 128 x
	 * 64 in one, 1.26 times as fast on the H100 measured. */
	assert_int_equal(txf_matmul_explain(ctx, 1024, 1024, 1024, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "ksplit"), 4);
	assert_non_null(strstr(c.why, "K in 4 slices"));
	/* A shallow product under a large C that the blocks do not divide:
	 * packed operands cost C's stores where its rows would take vectors
	 * unpacked (pad), not where they start off 16 bytes (padcopy), nor
	 * where the blocks divide C. */
	assert_int_equal(txf_matmul_explain(ctx, 5821, 8196, 33, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(txf_matmul_explain(ctx, 10467, 4157, 116, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 64, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	/* K slices of at least 8 K steps each; a single block of C over a
	 * deep K takes as many as give each of the 132 compute units two
	 * work-groups (more than the 64 the model once stopped at). */
	assert_int_equal(txf_matmul_explain(ctx, 40, 30, 700, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 5);
	assert_int_equal(txf_matmul_explain(ctx, 16, 16, 1000000, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 264);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 50000, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 264);
	if (!strstr(c.why, "with 1 to 781 K slices"))
		fail_msg("the why is: %s", c.why);
	/* Blocks forced: the entry's rule, two work-groups per compute unit,
	 * at least 8 K steps a slice up to 64 slices; past them 64 K steps a
	 * slice, in whole rounds of work-groups over the 132 compute units. */
	static const struct {
		size_t m, n, k;
		unsigned slices;
	} forced[] = {{16, 16, 1000000, 264}, {64, 64, 50000, 64},   {64, 64, 10000, 64},
	              {128, 64, 200000, 132}, {64, 64, 400000, 264}, {64, 64, 300000, 264},
	              {64, 64, 200000, 132},  {64, 64, 800, 6},      {128, 64, 100000, 66}};
	txf_matmul_options fo;
	txf_matmul_options_default(&fo);
	fo.strategy = TXF_STRATEGY_PAD;
	static const char *const names[] = {"mwg", "nwg", "kwg", "mdimc", "ndimc", "vwa", "vwb"};
	static const long long values[] = {64, 64, 16, 16, 16, 4, 4};
	for (size_t i = 0; i < 7; i++)
		assert_int_equal(txf_matmul_options_set(&fo, names[i], values[i]), TXF_SUCCESS);
	for (size_t i = 0; i < sizeof forced / sizeof forced[0]; i++) {
		assert_int_equal(txf_matmul_explain(ctx, forced[i].m, forced[i].n, forced[i].k,
		                                    TXF_F32, &fo, &c),
		                 TXF_SUCCESS);
		if ((unsigned)test_mparam(&c, "ksplit") != forced[i].slices)
			fail_msg("%zu x %zu x %zu, 64 x 64 blocks forced: %lld slices, not %u: %s",
			         forced[i].m, forced[i].n, forced[i].k, test_mparam(&c, "ksplit"),
			         forced[i].slices, c.why);
	}
	matmul_checked(ctx, 40, 30, 700, "the cost model's 64 x 64 blocks in 5 K slices");
	matmul_checked(ctx, 70, 200, 90, "the cost model's choice at 70 x 200 x 90");
	/* Few compute units: fewer slices, larger blocks. */
	ctx->profile.compute_units = 8;
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 50000, TXF_F32, NULL, &c), TXF_SUCCESS);
	const unsigned few_cu_slices = test_mparam(&c, "ksplit");
	assert_true(few_cu_slices > 1 && few_cu_slices < 64);
	assert_int_equal(txf_matmul_explain(ctx, 1000, 1000, 1000, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	ctx->profile.compute_units = 132;
	/* Large products: the 128 x 128 set packed, in K steps of 8 through
	 * three stages (4096^3 2.9 ms on the H200 measured, the large blocks
	 * packed 3.0), in K slices where its blocks leave the last round short
	 * (1965 x 3442 x 2289: 432 blocks, 1.6 rounds of two a compute unit;
	 * in 3 slices 4.9). Blocks of 96 columns where C's 462 leave 128-wide
	 * ones a fifth empty (6050 x 462 x 7367: 240 blocks of 128 x 96 in 6
	 * slices, 1.12 ms on the H200 measured, against 1.15 for 192 blocks of
	 * 128 x 128 in 4). */
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "cost model"));
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "kwg"), 8);
	assert_int_equal(test_mparam(&c, "lbuf"), 3);
	assert_int_equal(txf_matmul_explain(ctx, 1965, 3442, 2289, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "ksplit"), 3);
	assert_non_null(strstr(c.why, "operands copied K-major first, K in 3 slices"));
	assert_non_null(strstr(c.why, "with and without packed operands"));
	assert_int_equal(c.launches, 4);
	assert_int_equal(txf_matmul_explain(ctx, 2120, 3885, 4756, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(txf_matmul_explain(ctx, 6050, 462, 7367, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 96);
	assert_int_equal(test_mparam(&c, "ksplit"), 6);
	/* The 64 x 64 set of 64 work-items (packed only, from 1e9
	 * multiply-adds) where 128-wide blocks fill the compute units worse:
	 * 3934 x 1086 x 1395 1.11 times as fast as 128 x 64 packed, 1180 x 694
	 * x 4357 in 5 slices 1.18 times as fast as 128 x 128 in 11 (H200
	 * measured); under its floor 999 x 666 x 777 keeps 128 x 64 packed in
	 * 3 slices (the set in 5 ran 0.86 times as fast). 128 x 96 at 1066 x
	 * 2462 x 276 (0.081 ms against 0.085 for 128 x 64), and 96 x 128
	 * unpacked at 2000 x 640 x 300 (0.047 ms against 0.061 packed and
	 * 0.056 for the 64 x 64 set the model took before it had the 96-row
	 * blocks). */
	assert_int_equal(txf_matmul_explain(ctx, 3934, 1086, 1395, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 64);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "mdimc"), 8);
	assert_int_equal(test_mparam(&c, "ndimc"), 8);
	assert_int_equal(test_mparam(&c, "kwg"), 8);
	assert_int_equal(test_mparam(&c, "lbuf"), 3);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_non_null(strstr(c.why, "the least of 8 block sets"));
	assert_int_equal(txf_matmul_explain(ctx, 1180, 694, 4357, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mdimc"), 8);
	assert_int_equal(test_mparam(&c, "ksplit"), 5);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "ksplit"), 3);
	assert_non_null(strstr(c.why, "the least of 7 block sets"));
	/* Wherever the model takes that set: packed, and at 1e9
	 * multiply-adds or more. */
	for (size_t m = 200; m <= 6000; m = m * 3 / 2 + 7)
		for (size_t n = 150; n <= 6000; n = n * 2 + 3)
			for (size_t k = 100; k <= 8000; k = k * 3 + 11) {
				assert_int_equal(
				    txf_matmul_explain(ctx, m, n, k, TXF_F32, NULL, &c),
				    TXF_SUCCESS);
				if (test_mparam(&c, "mdimc") != 8 || test_mparam(&c, "mwg") != 64)
					continue;
				assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
				assert_true((double)m * (double)n * (double)k >= 1e9);
			}
	assert_int_equal(txf_matmul_explain(ctx, 1066, 2462, 276, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 96);
	assert_int_equal(test_mparam(&c, "vwb"), 1);
	assert_int_equal(test_mparam(&c, "lbuf"), 3);
	assert_int_equal(txf_matmul_explain(ctx, 2000, 640, 300, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(test_mparam(&c, "mwg"), 96);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	assert_int_equal(test_mparam(&c, "kwg"), 16);
	/* A small K under a large C: 128 x 128 blocks, two work-groups a
	 * compute unit, not the large ones, whose single work-group per unit
	 * leaves each block's store of C unhidden (1.23 times as fast at
	 * 5727 x 4226 x 92 on the H100 measured). */
	assert_int_equal(txf_matmul_explain(ctx, 5727, 4226, 92, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 128);
	/* Not the model's: forced blocks or slices, f64, below the tiling
	 * threshold. */
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	test_mopt(&o, "ksplit", 1);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 50000, TXF_F32, &o, &c), TXF_SUCCESS);
	assert_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_int_equal(txf_matmul_explain(ctx, 64, 64, 50000, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_null(strstr(c.why, "cost model"));
	assert_int_equal(txf_matmul_explain(ctx, 16, 16, 16, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_SIMPLE);
	txf_context_release(&ctx);
}

/* f64 products on the NVIDIA entry's cost model over the matrix units (the
 * test device dressed as an H100): the choices measured on an H200, 64 x 64
 * blocks of two warps where 128 x 64 leave a last round short, K slices for
 * a C of a few hundred blocks, bands of block rows as the rule gives them,
 * m8n8k4 below compute capability 9.0 and no model below 8.0; over a grid
 * of products, every choice on the units and the packed-only set always
 * packed. Then the choices run through the instruction's OpenCL C form. */
static void nvidia_f64_cost_model(void **state)
{
	(void)state;
	txf_context *ctx = h100_context();
	txf_matmul_choice c;
	assert_int_equal(txf_matmul_explain(ctx, 1855, 1134, 761, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "cost model"));
	assert_non_null(strstr(c.why, "least of 2 block sets"));
	assert_non_null(strstr(c.why, "f64 on the matrix units (mma.sync m16n8k4)"));
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 64);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_int_equal(test_mparam(&c, "mdimc") * test_mparam(&c, "ndimc"), 64);
	assert_int_equal(test_mparam(&c, "mma"), 3);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	/* 8 x 71 blocks of 128 x 64: K in slices (packed, 2 to 6 ran 1.16 to 1.22
	 * times as fast as one), bands of 8 rows (71 blocks a row). */
	assert_int_equal(txf_matmul_explain(ctx, 1016, 4527, 5515, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	assert_true(test_mparam(&c, "ksplit") >= 2);
	assert_int_equal(test_mparam(&c, "raster"), 8);
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "ksplit"), 1);
	assert_int_equal(test_mparam(&c, "raster"), 8);
	/* A shallow K: unpacked. */
	assert_int_equal(txf_matmul_explain(ctx, 747, 2294, 326, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	{
		static const size_t sides[] = {97, 300, 777, 1500, 2600, 5000};
		size_t packed_only = 0, sliced = 0;
		for (size_t i = 0; i < 6; i++)
			for (size_t j = 0; j < 6; j++)
				for (size_t l = 0; l < 6; l++) {
					const size_t m = sides[i], n = sides[j], k = sides[l];
					assert_int_equal(
					    txf_matmul_explain(ctx, m, n, k, TXF_F64, NULL, &c),
					    TXF_SUCCESS);
					if (!strstr(c.why, "cost model"))
						continue; /* (skinny and tiny sets) */
					if (test_mparam(&c, "mma") != 3)
						fail_msg("%zu x %zu x %zu: mma %lld (%s)", m, n, k,
						         test_mparam(&c, "mma"), c.why);
					if (test_mparam(&c, "mwg") == 64) {
						packed_only++;
						assert_int_equal(c.strategy, TXF_STRATEGY_PADCOPY);
					}
					sliced += test_mparam(&c, "ksplit") > 1;
				}
		assert_true(packed_only > 0);
		assert_true(sliced > 0);
	}
	/* Forced: mma 1 takes the fused kernels' rule, a forced strategy the
	 * units' rule (and its padcopy threshold, 3e9). */
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	test_mopt(&o, "mma", 1);
	assert_int_equal(txf_matmul_explain(ctx, 1855, 1134, 761, TXF_F64, &o, &c), TXF_SUCCESS);
	assert_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "mma"), 1);
	txf_matmul_options_default(&o);
	o.strategy = TXF_STRATEGY_PAD;
	assert_int_equal(txf_matmul_explain(ctx, 1855, 1134, 761, TXF_F64, &o, &c), TXF_SUCCESS);
	assert_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	ctx->profile.nv_compute_capability = 86;
	assert_int_equal(txf_matmul_explain(ctx, 1855, 1134, 761, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_non_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "mma"), 2);
	assert_non_null(strstr(c.why, "m8n8k4"));
	ctx->profile.nv_compute_capability = 75;
	assert_int_equal(txf_matmul_explain(ctx, 1855, 1134, 761, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_null(strstr(c.why, "cost model"));
	assert_int_equal(test_mparam(&c, "mma"), 1);
	ctx->profile.nv_compute_capability = 90;
	if (ctx->profile.has_fp64) {
		/* The two-warp set forced, packed, with and without slices, each
		 * edge and op; then auto on small products (slices). */
		static const struct {
			size_t m, n, k;
			txf_op opa, opb;
			unsigned ksplit;
		} runs[] = {
		    {131, 77, 37, TXF_OP_N, TXF_OP_N, 1},  {70, 150, 141, TXF_OP_T, TXF_OP_T, 1},
		    {129, 65, 200, TXF_OP_N, TXF_OP_T, 3}, {64, 64, 16, TXF_OP_T, TXF_OP_N, 1},
		    {190, 70, 330, TXF_OP_T, TXF_OP_N, 2},
		};
		for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
			txf_matmul_options_default(&o);
			o.strategy = TXF_STRATEGY_PADCOPY;
			test_mopt(&o, "mwg", 64);
			test_mopt(&o, "nwg", 64);
			test_mopt(&o, "kwg", 8);
			test_mopt(&o, "mdimc", 4);
			test_mopt(&o, "ndimc", 16);
			test_mopt(&o, "vwa", 2);
			test_mopt(&o, "vwb", 2);
			test_mopt(&o, "lbuf", 4);
			test_mopt(&o, "mma", 3);
			test_mopt(&o, "ksplit", runs[i].ksplit);
			dmatmul_checked(ctx, runs[i].m, runs[i].n, runs[i].k, runs[i].opa,
			                runs[i].opb, &o, "64 x 64 f64 blocks of two warps, packed");
		}
		assert_int_equal(txf_matmul_explain(ctx, 200, 130, 700, TXF_F64, NULL, &c),
		                 TXF_SUCCESS);
		assert_non_null(strstr(c.why, "cost model"));
		assert_true(test_mparam(&c, "ksplit") > 1);
		dmatmul_checked(ctx, 200, 130, 700, TXF_OP_N, TXF_OP_N, NULL,
		                "the f64 cost model's choice, sliced");
		dmatmul_checked(ctx, 131, 77, 37, TXF_OP_N, TXF_OP_T, NULL,
		                "the f64 cost model's choice");
	}
	txf_context_release(&ctx);
}

/* The NVIDIA entry's packed kernels for 1- and 2-byte elements, on the
 * test device dressed as an NVIDIA GPU: where every input row starts on a
 * word (tight row-major: cols a multiple of 4) or every output row on a
 * sector; where neither, the chunked kernel (packed 2) from 0.25 MB of
 * 1-byte elements or 2 MB of 2-byte ones, the packed kernel under that;
 * never where turned off or in place; 16 x 16 groups (the shifted
 * kernel's launched 16 x 20).
 * Transposes with inputs and outputs off words run exactly. */
static void nvidia_entry_packed(void **state)
{
	(void)state;
	txf_context *ctx = nvidia_gpu_context();
	txf_choice c;
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		int packed;
	} cases[] = {
	    {4096, 4096, TXF_U8, 1},   /* words on both sides */
	    {9223, 4868, TXF_U16, 1},  /* input on words, output rows off them, 90 MB */
	    {400, 499, TXF_U8, 1},     /* input rows off words, output off sectors, 0.2 MB */
	    {1000, 999, TXF_U8, 2},    /* the same, 1 MB */
	    {1375, 3175, TXF_U8, 2},   /* the same, 4.4 MB */
	    {701, 1001, TXF_U16, 1},   /* the same, 1.4 MB */
	    {2001, 3001, TXF_U16, 2},  /* the same, 12 MB */
	    {8192, 8193, TXF_U8, 1},   /* input rows off words, output on sectors, 67 MB */
	    {4096, 12291, TXF_U8, 1},  /* the same, 50 MB */
	    {1024, 4097, TXF_U8, 1},   /* the same, 4 MB */
	    {4096, 12291, TXF_U16, 1}, /* the same, 2-byte, 100 MB */
	    {2000, 4000, TXF_U8, 1},   /* input rows on words, output off sectors, 8 MB */
	    {1500, 4000, TXF_U8, 1},   /* the same, 6 MB */
	    {2001, 4000, TXF_U16, 1},  /* the same, 2-byte, 16 MB */
	    {16384, 16384, TXF_U8, 1}, /* words on both sides, 268 MB */
	    {16384, 4097, TXF_U16, 1}, /* the same, 134 MB */
	    {6000, 7003, TXF_U8, 2},   /* output rows on words, off sectors, 42 MB */
	    {6000, 7004, TXF_U8, 1},   /* the same, input rows on words */
	    {4093, 4099, TXF_U8, 2},   /* both off words, 16.8 MB */
	    {2185, 4982, TXF_U16, 2},  /* both off words, 21.8 MB */
	    {3000, 3001, TXF_F32, 0},  /* 4-byte elements */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(txf_transpose_explain(ctx, cases[i].rows, cases[i].cols,
		                                       cases[i].dtype, 0, NULL, &c),
		                 TXF_SUCCESS);
		if (test_cparam(&c, "packed") != cases[i].packed)
			fail_msg("case %zu: %zu x %zu: packed %lld, want %d (%s)", i, cases[i].rows,
			         cases[i].cols, test_cparam(&c, "packed"), cases[i].packed, c.why);
	}
	/* The chunked kernel's work-groups: 128 x 2 for bytes, 64 x 4 for
	 * 2-byte elements; a tile the caller sets keeps it out. */
	assert_int_equal(txf_transpose_explain(ctx, 4093, 4099, TXF_U8, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 128);
	assert_int_equal(c.wg_rows, 2);
	assert_non_null(strstr(c.why, "chunked kernel"));
	assert_int_equal(txf_transpose_explain(ctx, 2185, 4982, TXF_U16, 0, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 64);
	assert_int_equal(c.wg_rows, 4);
	/* The packed kernels' work-groups, by element size and output. */
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		unsigned wg_rows;
	} groups[] = {
	    {2001, 4000, TXF_U16, 16}, /* shifted */
	    {2000, 4000, TXF_U16, 16}, /* output rows on sectors */
	    {2001, 4000, TXF_U8, 16},  /* shifted */
	    {2048, 4000, TXF_U8, 16},  /* output rows on sectors */
	};
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
		assert_int_equal(txf_transpose_explain(ctx, groups[i].rows, groups[i].cols,
		                                       groups[i].dtype, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_int_equal(test_cparam(&c, "packed"), 1);
		assert_int_equal(c.tile, 16);
		assert_int_equal(c.wg_rows, groups[i].wg_rows);
	}
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.tile = 32;
	assert_int_equal(txf_transpose_explain(ctx, 4093, 4099, TXF_U8, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "packed"), 0);
	o.tile = 0;
	test_topt(&o, "packed", -1);
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_U8, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "packed"), 0);
	assert_int_equal(txf_transpose_explain(ctx, 4093, 4099, TXF_U8, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "packed"), 0);
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_U8, 1, NULL, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "packed"), 0);
	/* Local memory for the shifted kernel (the larger): 64 blocks a side
	 * of bytes need 8 x 64 output rows of 68 8-byte entries (272 KiB),
	 * over 48 KiB; 4 x 32 rows of 36 entries of u16 (36 KiB) fit. */
	test_topt(&o, "packed", 1);
	o.tile = 64;
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_U8, 0, &o, &c),
	                 TXF_ERR_TILE_UNSUPPORTED);
	assert_non_null(strstr(txf_last_error(), "local memory"));
	o.tile = 32;
	assert_int_equal(txf_transpose_explain(ctx, 4096, 4096, TXF_U16, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(c.tile, 32);
	transpose_checked_as(ctx, TXF_U8, 1, 77, 131, "packed, both sides off words");
	transpose_checked_as(ctx, TXF_U16, 2, 203, 132, "packed, output rows off sectors");
	transpose_checked_as(ctx, TXF_U8, 1, 130, 97, "packed, input rows off words");
	transpose_checked_as(ctx, TXF_U8, 1, 1375, 3175, "chunked, both sides off words");
	transpose_checked_as(ctx, TXF_U16, 2, 2185, 4982, "chunked, 2-byte, both off words");
	/* The kernels' local memory as cl/transpose.cl declares it; a byte
	 * less is refused. The chunked kernel with 128-element tiles: bytes,
	 * 160 staged rows of 136 bytes (21760); 2-byte elements, 128 output
	 * rows of 74 words and 64 words of shifts (38144). The packed kernels
	 * with tiles of 16 blocks, the shifted one's (the larger): 8 / elem x
	 * 16 output rows of 20 8-byte entries and 16 entries of skew, 20608
	 * bytes for bytes (8 x 8 blocks) and 10368 for 2-byte elements (4 x
	 * 4). */
	static const struct {
		txf_dtype dtype;
		int packed;
		unsigned tile, wg_rows;
		cl_ulong bytes;
	} kernel_local[] = {{TXF_U8, 2, 128, 2, 21760},
	                    {TXF_U16, 2, 128, 2, 38144},
	                    {TXF_U8, 1, 16, 16, 20608},
	                    {TXF_U16, 1, 16, 16, 10368}};
	const cl_ulong had = ctx->profile.local_mem_size;
	for (size_t i = 0; i < sizeof kernel_local / sizeof kernel_local[0]; i++) {
		txf_transpose_options_default(&o);
		o.strategy = TXF_STRATEGY_PAD;
		o.tile = kernel_local[i].tile;
		o.wg_rows = kernel_local[i].wg_rows;
		test_topt(&o, "packed", kernel_local[i].packed);
		ctx->profile.local_mem_size = kernel_local[i].bytes;
		assert_int_equal(
		    txf_transpose_explain(ctx, 4093, 4099, kernel_local[i].dtype, 0, &o, &c),
		    TXF_SUCCESS);
		ctx->profile.local_mem_size = kernel_local[i].bytes - 1;
		assert_int_equal(
		    txf_transpose_explain(ctx, 4093, 4099, kernel_local[i].dtype, 0, &o, &c),
		    TXF_ERR_TILE_UNSUPPORTED);
		assert_non_null(strstr(txf_last_error(), "local memory"));
	}
	ctx->profile.local_mem_size = had;
	/* Where the device's work-groups hold fewer work-items than the shifted
	 * kernel's 16 x 20, it takes as many rows as they allow: 16 (two full
	 * passes of staging) or 18 (the second one short); the packed choice
	 * stays 16 x 16. So does the chunked kernel's 2-byte group (64 x 5, its
	 * 80 staged rows' chunks in one pass): 64 x 4 there (two passes, the
	 * second short), its choice 64 x 4 everywhere. */
	const size_t had_wg = ctx->profile.max_work_group_size;
	static const struct {
		size_t wg_most, rows, cols;
	} narrow[] = {{256, 203, 132}, {288, 205, 136}};
	for (size_t i = 0; i < sizeof narrow / sizeof narrow[0]; i++) {
		ctx->profile.max_work_group_size = narrow[i].wg_most;
		assert_int_equal(
		    txf_transpose_explain(ctx, narrow[i].rows, narrow[i].cols, TXF_U8, 0, NULL, &c),
		    TXF_SUCCESS);
		assert_int_equal(test_cparam(&c, "packed"), 1);
		assert_int_equal(c.tile, 16);
		assert_int_equal(c.wg_rows, 16);
		transpose_checked_as(ctx, TXF_U8, 1, narrow[i].rows, narrow[i].cols,
		                     "shifted packed kernel, fewer rows");
		transpose_checked_as(ctx, TXF_U16, 2, narrow[i].rows, narrow[i].cols,
		                     "shifted packed kernel, 2-byte, fewer rows");
		assert_int_equal(txf_transpose_explain(ctx, 1001, 1103, TXF_U16, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_int_equal(test_cparam(&c, "packed"), 2);
		assert_int_equal(c.wg_rows, 4);
		transpose_checked_as(ctx, TXF_U16, 2, 1001, 1103,
		                     "chunked kernel, 2-byte, fewer rows");
	}
	/* The staging kernels' rows: the fewest from R on that divide the loads
	 * a column, within the device's work-groups (1024 work-items; 4 rows
	 * along dimension 1 in the last case). */
	static const struct {
		unsigned tile, rows, units, most_rows, want;
	} staged[] = {{16, 16, 20, 1024, 20}, {128, 2, 10, 1024, 2}, {64, 4, 5, 1024, 5},
	              {64, 1, 6, 1024, 1},    {32, 4, 9, 1024, 9},   {64, 8, 10, 1024, 10},
	              {128, 4, 9, 1024, 8},   {64, 2, 5, 4, 4}};
	const size_t had_dim1 = ctx->profile.max_work_item_sizes[1];
	ctx->profile.max_work_group_size = 1024;
	for (size_t i = 0; i < sizeof staged / sizeof staged[0]; i++) {
		ctx->profile.max_work_item_sizes[1] = staged[i].most_rows;
		const unsigned got = txf__staged_rows(&ctx->profile, staged[i].tile, staged[i].rows,
		                                      staged[i].units);
		if (got != staged[i].want)
			fail_msg("staged rows %zu: %u x %u over %u loads: %u, want %u", i,
			         staged[i].tile, staged[i].rows, staged[i].units, got,
			         staged[i].want);
	}
	ctx->profile.max_work_item_sizes[1] = had_dim1;
	ctx->profile.max_work_group_size = had_wg;
	txf_context_release(&ctx);
}

/* A tuning whose large-even f32 matmul entry (128 x 64 blocks, split) was
 * measured at side^3. */
static txf_tuning *large_tuning(size_t side)
{
	txf_tuning *t = test_tuning_blank("test");
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = 1e6;
	assert_int_equal(txf_tuning_limits_set(t, TXF_TUNE_MATMUL, TXF_F32, &l), TXF_SUCCESS);
	static const txf_param p[] = {{"mwg", 128},  {"nwg", 64}, {"kwg", 16},   {"mdimc", 16},
	                              {"ndimc", 16}, {"vwa", 4},  {"vwb", 4},    {"ksplit", 1},
	                              {"lbuf", 1},   {"wmap", 1}, {"kgroups", 0}};
	txf_tuned e;
	memset(&e, 0, sizeof e);
	e.strategy = TXF_STRATEGY_SPLIT;
	for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
		test_tuned_put(&e, p[i].name, p[i].value);
	e.shape[0] = e.shape[1] = e.shape[2] = side;
	e.median_ms = 1.0;
	txf_status s = txf_tuning_set_entry(t, TXF_TUNE_MATMUL, TXF_F32, TXF_LARGE_EVEN, &e);
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s", txf_status_name(s), txf_last_error());
	return t;
}

/* On the NVIDIA entry, whose cost model weighs every f32 product from the
 * tiling threshold on, a tuned matmul entry does not apply: the model
 * chooses at the size the entry was measured at and above it. f64, which
 * has no model there, takes its tuned entry. */
static void nvidia_tuned_below_model(void **state)
{
	(void)state;
	txf_context *ctx = nvidia_gpu_context();
	txf_tuning *t = large_tuning(2048);
	txf_tuning_limits l;
	memset(&l, 0, sizeof l);
	l.large_from = 1e6;
	assert_int_equal(txf_tuning_limits_set(t, TXF_TUNE_MATMUL, TXF_F64, &l), TXF_SUCCESS);
	txf_tuned e;
	assert_int_equal(txf_tuning_entry(t, TXF_TUNE_MATMUL, TXF_F32, TXF_LARGE_EVEN, &e),
	                 TXF_SUCCESS);
	assert_int_equal(txf_tuning_set_entry(t, TXF_TUNE_MATMUL, TXF_F64, TXF_LARGE_EVEN, &e),
	                 TXF_SUCCESS);
	assert_int_equal(txf_tuning_set(ctx, t), TXF_SUCCESS);
	txf_tuning_release(&t);
	txf_matmul_choice c;
	static const size_t sides[] = {2048, 4096};
	for (size_t i = 0; i < 2; i++) {
		const size_t n = sides[i];
		assert_int_equal(txf_matmul_explain(ctx, n, n, n, TXF_F32, NULL, &c), TXF_SUCCESS);
		assert_int_equal(c.params_source, TXF_SOURCE_DEVICE);
		assert_string_equal(c.entry, "nvidia-gpu");
		assert_non_null(strstr(c.why, "cost model"));
		assert_int_equal(test_mparam(&c, "mwg"), 128);
		assert_int_equal(test_mparam(&c, "lbuf"), 3);
	}
	assert_int_equal(txf_matmul_explain(ctx, 2048, 2048, 2048, TXF_F64, NULL, &c), TXF_SUCCESS);
	assert_int_equal(c.params_source, TXF_SOURCE_TUNED);
	assert_string_equal(c.entry, "tuned matmul f64 large-even");
	assert_int_equal(test_mparam(&c, "mwg"), 128);
	assert_int_equal(test_mparam(&c, "nwg"), 64);
	matmul_checked(ctx, 256, 192, 64, "the cost model's blocks with a tuning file");
	txf_context_release(&ctx);
}

/* The POCL CPU entry's cost model for f32 products, on the test device
 * dressed as a 2-core POCL CPU: the large blocks for a large product,
 * blocks of 8 rows for a C of 8 rows, of 16 columns for one of 8 columns,
 * 32 x 32 for a small product, even one under the tiling threshold; the
 * large blocks where C ends a register tile into a block row, estimated
 * at their share; the same with f64's sets; why says so, and the products
 * are right. */
static void pocl_cpu_entry_matmul_model(void **state)
{
	(void)state;
	txf_context *ctx = untuned_context(TXF_VENDOR_POCL, TXF_DEVICE_CPU);
	ctx->profile.compute_units = 2;
	/* POCL's local memory, which the blocked kernel's K panels take; the
	 * products run only where the real device has as much. */
	const bool runs = ctx->profile.local_mem_size >= 2u << 20;
	ctx->profile.local_mem_size = 2u << 20;
	/* (kvec: a C of few columns sums along K.) */
	static const struct {
		size_t m, n, k;
		unsigned mwg, nwg, kvec;
		bool run;
	} cases[] = {
	    {1000, 1000, 1000, 128, 64, 1, false},
	    {8, 4096, 512, 8, 128, 1, true},
	    {4096, 8, 512, 128, 8, 16, true},
	    {2000, 1, 2000, 128, 1, 16, true},
	    {19, 18, 170, 32, 32, 1, true},
	    {8, 8, 8, 4, 8, 1, true}, /* under the tiling threshold too */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		txf_matmul_choice mc;
		assert_int_equal(
		    txf_matmul_explain(ctx, cases[i].m, cases[i].n, cases[i].k, TXF_F32, NULL, &mc),
		    TXF_SUCCESS);
		if (test_mparam(&mc, "mwg") != cases[i].mwg ||
		    test_mparam(&mc, "nwg") != cases[i].nwg ||
		    test_mparam(&mc, "kvec") != cases[i].kvec)
			fail_msg("%zu x %zu x %zu: blocks %lld x %lld, kvec %lld: %s", cases[i].m,
			         cases[i].n, cases[i].k, test_mparam(&mc, "mwg"),
			         test_mparam(&mc, "nwg"), test_mparam(&mc, "kvec"), mc.why);
		assert_string_equal(mc.entry, "pocl-cpu");
		assert_non_null(strstr(mc.why, "pocl-cpu cost model"));
		/* The entry weighs B packed in panels (padcopy), which these
		 * products, small or of a few rows or columns, do not take;
		 * and these K, of a few K panels at most, no slices. */
		assert_int_not_equal(mc.strategy, TXF_STRATEGY_PADCOPY);
		assert_non_null(strstr(mc.why,
		                       "block sets on 2 compute units with K whole, with and "
		                       "without packed operands ("));
		if (cases[i].run && runs)
			smatmul_checked(ctx, cases[i].m, cases[i].n, cases[i].k, TXF_OP_N, TXF_OP_N,
			                NULL, 4, false, "POCL cost model");
	}
	/* A deep K: the slices weighed are said. */
	{
		txf_matmul_choice mc;
		assert_int_equal(txf_matmul_explain(ctx, 16, 16, 100000, TXF_F32, NULL, &mc),
		                 TXF_SUCCESS);
		if (!strstr(mc.why, "block sets on 2 compute units with 1 to ") ||
		    !strstr(mc.why, " K slices, with and without packed operands (") ||
		    mc.strategy == TXF_STRATEGY_PADCOPY)
			fail_msg("16 x 16 x 100000: %s", mc.why);
	}
	/* Products of a few 1e9 multiply-adds pack B in panels: the gain of
	 * the blocks' copy of B outweighs the pack's traffic, divided or not
	 * (128 x 64 blocks: (128 + 16) / (128 + 4)); f64 panels take the
	 * entry's deeper K step. */
	static const struct {
		size_t m, n, k;
		txf_dtype dt;
		long long kwg;
	} packs[] = {{1536, 1536, 1536, TXF_F32, 256}, {1200, 800, 600, TXF_F64, 512}};
	for (size_t i = 0; i < sizeof packs / sizeof packs[0]; i++) {
		txf_matmul_choice mc;
		assert_int_equal(txf_matmul_explain(ctx, packs[i].m, packs[i].n, packs[i].k,
		                                    packs[i].dt, NULL, &mc),
		                 TXF_SUCCESS);
		if (mc.strategy != TXF_STRATEGY_PADCOPY || test_mparam(&mc, "mwg") != 128 ||
		    test_mparam(&mc, "kwg") != packs[i].kwg ||
		    !strstr(mc.why, ", B copied in panels first"))
			fail_msg("%zu x %zu x %zu: %s", packs[i].m, packs[i].n, packs[i].k, mc.why);
	}
	/* The blocked kernel skips the register tiles past C's edges: a last
	 * block row of one register tile's rows costs a fraction of a whole
	 * one (the copy of B's panel), not a whole one. */
	{
		double us[2];
		const size_t rows[2] = {264, 384};
		for (int i = 0; i < 2; i++) {
			txf_matmul_choice mc;
			assert_int_equal(
			    txf_matmul_explain(ctx, rows[i], 1024, 698, TXF_F32, NULL, &mc),
			    TXF_SUCCESS);
			const char *at = strstr(mc.why, "estimated ");
			if (test_mparam(&mc, "mwg") != 128 || !at ||
			    sscanf(at, "estimated %lf", &us[i]) != 1)
				fail_msg("%zu x 1024 x 698: %s", rows[i], mc.why);
		}
		if (!(us[0] < 0.8 * us[1]))
			fail_msg("264 x 1024 x 698 estimated %g us, 384 x 1024 x 698 %g", us[0],
			         us[1]);
	}
	/* f64 has its own sets. */
	static const struct {
		size_t m, n, k;
		unsigned mwg, nwg;
	} f64[] = {{1000, 1000, 1000, 128, 64},
	           {264, 1024, 698, 128, 64}, /* a last block row of 8 rows */
	           {8, 4096, 512, 8, 128},
	           {4096, 8, 512, 128, 4},
	           {8, 8, 8, 4, 8}};
	for (size_t i = 0; i < sizeof f64 / sizeof f64[0]; i++) {
		txf_matmul_choice mc;
		assert_int_equal(
		    txf_matmul_explain(ctx, f64[i].m, f64[i].n, f64[i].k, TXF_F64, NULL, &mc),
		    TXF_SUCCESS);
		if (test_mparam(&mc, "mwg") != f64[i].mwg || test_mparam(&mc, "nwg") != f64[i].nwg)
			fail_msg("f64 %zu x %zu x %zu: blocks %lld x %lld: %s", f64[i].m, f64[i].n,
			         f64[i].k, test_mparam(&mc, "mwg"), test_mparam(&mc, "nwg"),
			         mc.why);
		txf_matmul_options o;
		txf_matmul_options_default(&o);
		if (runs && i > 0 && ctx->profile.has_fp64)
			dmatmul_checked(ctx, f64[i].m, f64[i].n, f64[i].k, TXF_OP_N, TXF_OP_T, &o,
			                "POCL cost model, f64");
	}
	txf_context_release(&ctx);
}

/* The POCL CPU entries, on the test device dressed as one with an Intel
 * and then an AMD CPU (and a 32 MiB global memory cache; without tuning
 * file): pad with the streaming kernel for every element size it takes,
 * its tile a 64-byte line of elements; the skinny kernels for a short side
 * of at most 16 that is less than a line, and their vector blocks for a
 * tight short side of at most 32 of up to 8 bytes, except with few columns
 * whose output rows share cache sets; the streaming kernel where the short
 * side fills a line otherwise (16 4-byte, 8 8-byte or 4 16-byte elements),
 * and why says so. Its stores: ordinary under 512 KiB (1- and 2-byte
 * outputs whose rows start off a line: 1 MiB), else non-temporal, except on
 * AMD CPUs for outputs off lines whose input is under 0.3 of the cache and
 * outputs on lines under a quarter of it (not 1-byte ones whose rows are a
 * multiple of 4 KiB apart);
 * the shifted kernel's tiles loaded first for 4- and 8-byte inputs over
 * the cache. */
static void pocl_cpu_entry_stream(void **state)
{
	(void)state;
	txf_context *ctx = untuned_context(TXF_VENDOR_POCL, TXF_DEVICE_CPU);
	ctx->global_cache = 32u << 20;
	static const struct {
		size_t rows, cols;
		txf_dtype dtype;
		int stream, skinny;
		unsigned tile;
		int nt[2]; /* non-temporal stores on Intel and AMD CPUs */
	} cases[] = {
	    {4093, 4099, TXF_U8, 1, 0, 64, {1, 1}},
	    {999, 666, TXF_F16, 1, 0, 32, {1, 0}},
	    {2048, 2048, TXF_F32, 1, 0, 16, {1, 1}},
	    {8191, 8193, TXF_F64, 1, 0, 8, {1, 1}},
	    {16, 262144, TXF_F32, 0, 1, 0, {0, 0}},
	    {262144, 16, TXF_F32, 1, 0, 16, {1, 1}},
	    {8, 100000, TXF_C64, 0, 1, 0, {0, 0}},
	    {3, 300000, TXF_F32, 0, 1, 0, {0, 0}},
	    {300000, 15, TXF_F32, 0, 1, 0, {0, 0}},
	    {16, 262144, TXF_U8, 0, 1, 0, {0, 0}},
	    {7, 100000, TXF_F64, 0, 1, 0, {0, 0}},
	    {4096, 4096, TXF_C128, 1, 0, 4, {1, 1}},
	    {300000, 3, TXF_C128, 0, 1, 0, {0, 0}},
	    {16, 100000, TXF_C128, 1, 0, 4, {1, 1}},
	    {1001, 1001, TXF_F32, 1, 0, 16, {1, 0}},
	    {5000, 3001, TXF_F32, 1, 0, 16, {1, 1}},
	    {300, 300, TXF_F32, 1, 0, 16, {0, 0}},
	    {1000, 700, TXF_U8, 1, 0, 64, {0, 0}},
	    {2000, 2001, TXF_U16, 1, 0, 32, {1, 0}},
	    /* Output rows on lines on the AMD entry: ordinary stores for
	     * inputs under a quarter of the cache; on the other, for every
	     * size under 1.25 MiB. */
	    {1024, 1024, TXF_U8, 1, 0, 64, {0, 0}},
	    {1024, 1280, TXF_U8, 1, 0, 64, {1, 0}},
	    {1024, 1536, TXF_U8, 1, 0, 64, {1, 0}},
	    /* (but 1-byte ones whose output rows are 16 KiB apart, which
	     * non-temporal stores of 8 tiles at a time spread over the L1
	     * sets) */
	    {16384, 64, TXF_U8, 1, 0, 64, {0, 1}},
	    {8192, 32, TXF_U16, 1, 0, 32, {0, 0}},
	    {768, 768, TXF_F64, 1, 0, 8, {1, 0}},
	    {1024, 512, TXF_U16, 1, 0, 32, {0, 0}},
	    {1024, 1024, TXF_U16, 1, 0, 32, {1, 0}},
	    {512, 512, TXF_F32, 1, 0, 16, {0, 0}},
	    {1024, 1024, TXF_F64, 1, 0, 8, {1, 1}},
	    {2048, 1000, TXF_F32, 1, 0, 16, {1, 0}},
	    /* Short sides of 17 to 32: blocks, but not for output rows 2^k
	     * bytes apart (or one element off) with few columns. */
	    {20, 4045, TXF_U8, 0, 1, 0, {0, 0}},
	    {4045, 20, TXF_U8, 0, 1, 0, {0, 0}},
	    {8191, 32, TXF_U8, 0, 1, 0, {0, 0}},
	    {32, 8192, TXF_U16, 0, 1, 0, {0, 0}},
	    {30011, 17, TXF_U16, 0, 1, 0, {0, 0}},
	    {24, 100000, TXF_F32, 0, 1, 0, {0, 0}},
	    {8192, 32, TXF_F32, 1, 0, 16, {0, 0}},
	    {5000, 29, TXF_F64, 0, 1, 0, {0, 0}},
	    {8191, 32, TXF_F64, 1, 0, 8, {1, 0}},
	    {65536, 17, TXF_F64, 1, 0, 8, {1, 1}},
	    {20, 4045, TXF_C128, 1, 0, 4, {0, 0}},
	    {33, 10000, TXF_U8, 1, 0, 64, {0, 0}},
	};
	static const char *const cpus[2] = {"GenuineIntel", "AuthenticAMD"};
	static const char *const entries[2] = {"pocl-cpu", "pocl-amd-cpu"};
	for (int cpu = 0; cpu < 2; cpu++) {
		snprintf(ctx->profile.vendor_name, sizeof ctx->profile.vendor_name, "%s",
		         cpus[cpu]);
		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			txf_choice c;
			assert_int_equal(txf_transpose_explain(ctx, cases[i].rows, cases[i].cols,
			                                       cases[i].dtype, 0, NULL, &c),
			                 TXF_SUCCESS);
			if (test_cparam(&c, "stream") != cases[i].stream ||
			    test_cparam(&c, "skinny") != cases[i].skinny ||
			    test_cparam(&c, "stores") != cases[i].nt[cpu] ||
			    (cases[i].tile && c.tile != cases[i].tile))
				fail_msg("%s, case %zu (%zu x %zu %s): stream %lld, skinny %lld, "
				         "stores %lld, tile %u: %s",
				         cpus[cpu], i, cases[i].rows, cases[i].cols,
				         txf_dtype_name(cases[i].dtype), test_cparam(&c, "stream"),
				         test_cparam(&c, "skinny"), test_cparam(&c, "stores"),
				         c.tile, c.why);
			assert_string_equal(c.entry, entries[cpu]);
			assert_int_equal(c.strategy, TXF_STRATEGY_PAD);
			if (cases[i].stream) {
				/* The entry's tile, which the streaming kernel's
				 * blocks replace, is said as such. */
				char tiles[80];
				snprintf(tiles, sizeof tiles,
				         "streaming kernel in place of tile 32: %u x %u tiles",
				         cases[i].tile, cases[i].tile);
				if (!strstr(c.why, tiles))
					fail_msg("%s, case %zu: %s", cpus[cpu], i, c.why);
				assert_non_null(strstr(c.why, cases[i].nt[cpu]
				                                  ? "non-temporal stores"
				                                  : "ordinary stores"));
				/* Ordinary stores of rows on lines say why. */
				const size_t e = txf_dtype_size(cases[i].dtype);
				if (cpu == 1 && !cases[i].nt[cpu] && cases[i].rows * e % 64 == 0 &&
				    !strstr(c.why, "(input and output within half the cache)"))
					fail_msg("%s, case %zu: %s", cpus[cpu], i, c.why);
			}
			/* The shifted kernel loads each tile's lines first for 4- and
			 * 8-byte inputs larger than the cache. */
			const size_t E = txf_dtype_size(cases[i].dtype);
			const bool staged = cases[i].nt[cpu] && cases[i].rows * E % 64 != 0 &&
			                    E >= 4 && E <= 8 &&
			                    cases[i].rows * cases[i].cols * E > (32u << 20);
			if (staged != (strstr(c.why, "input lines loaded together") != NULL))
				fail_msg("%s, case %zu: staged %d: %s", cpus[cpu], i, staged,
				         c.why);
			const size_t side =
			    cases[i].rows < cases[i].cols ? cases[i].rows : cases[i].cols;
			if (cases[i].stream && side <= 16)
				assert_non_null(strstr(c.why, "not the skinny kernels"));
		}
		/* In place, the why names the entry but not its streaming. */
		{
			txf_choice c;
			assert_int_equal(
			    txf_transpose_explain(ctx, 1024, 1024, TXF_U8, 1, NULL, &c),
			    TXF_SUCCESS);
			assert_int_equal(test_cparam(&c, "stream"), 0);
			if (!strstr(c.why, "in place: tile pairs") ||
			    !strstr(c.why, entries[cpu]) || strstr(c.why, "stream"))
				fail_msg("%s, in place: %s", cpus[cpu], c.why);
		}
		/* Each entry's kernels (the AMD one's 1-byte lanes, its
		 * stores), where the test device is POCL's CPU device. */
		if (strstr(ctx->profile.platform, "Portable Computing Language")) {
			transpose_checked_as(ctx, TXF_U8, 1, 1000, 700, cpus[cpu]);
			transpose_checked_as(ctx, TXF_U8, 1, 1100, 1001, cpus[cpu]);
			transpose_checked_as(ctx, TXF_U16, 2, 1001, 1001, cpus[cpu]);
			transpose_checked_as(ctx, TXF_F32, 4, 333, 1001, cpus[cpu]);
		}
	}
	/* A device that reports no cache size: the AMD entry's cache rules are
	 * left out, its stores follow the sizes as the other entry's do (1- and
	 * 2-byte outputs off lines from its own 4 MiB, outputs on lines from
	 * its 8 MiB), and why says so; the other entry, which has no such
	 * rule, says nothing. */
	ctx->global_cache = 0;
	for (int cpu = 0; cpu < 2; cpu++) {
		snprintf(ctx->profile.vendor_name, sizeof ctx->profile.vendor_name, "%s",
		         cpus[cpu]);
		txf_choice c;
		static const struct {
			size_t rows, cols;
			txf_dtype dtype;
			int nt[2];
		} sizes[] = {
		    /* 1- and 2-byte outputs off lines: 1.33 MB, just under and
		     * just over 4 MiB; 4- and 8-byte ones, and 8-byte on lines. */
		    {999, 666, TXF_F16, {1, 0}},   {4097, 1023, TXF_U8, {1, 0}},
		    {2049, 1024, TXF_U16, {1, 1}}, {999, 666, TXF_F32, {1, 1}},
		    {1001, 700, TXF_F64, {1, 1}},
		};
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			assert_int_equal(txf_transpose_explain(ctx, sizes[i].rows, sizes[i].cols,
			                                       sizes[i].dtype, 0, NULL, &c),
			                 TXF_SUCCESS);
			const bool held = !sizes[i].nt[cpu];
			if (test_cparam(&c, "stores") != sizes[i].nt[cpu] ||
			    (strstr(c.why, "no cache size reported") != NULL) != (cpu == 1) ||
			    (strstr(c.why, "under the entry's size for the shifts") != NULL) !=
			        held)
				fail_msg("%s, no cache size, %zu x %zu %s: stores %lld: %s",
				         cpus[cpu], sizes[i].rows, sizes[i].cols,
				         txf_dtype_name(sizes[i].dtype), test_cparam(&c, "stores"),
				         c.why);
		}
		/* Outputs on lines: the AMD entry's ordinary stores under 8 MiB,
		 * but for 1-byte outputs whose rows are a multiple of 4 KiB
		 * apart; the other entry's by the sizes alone. */
		static const struct {
			size_t rows, cols;
			txf_dtype dtype;
			int nt[2];
		} on_lines[] = {
		    {1000, 1000, TXF_F64, {1, 0}}, {1024, 1024, TXF_F64, {1, 1}},
		    {2048, 2048, TXF_U8, {1, 0}},  {4096, 1024, TXF_U8, {1, 1}},
		    {1600, 1600, TXF_U16, {1, 0}}, {2048, 1000, TXF_F32, {1, 0}},
		    {2000, 2000, TXF_F32, {1, 1}}, {256, 2000, TXF_C128, {1, 0}},
		};
		for (size_t i = 0; i < sizeof on_lines / sizeof on_lines[0]; i++) {
			assert_int_equal(txf_transpose_explain(ctx, on_lines[i].rows,
			                                       on_lines[i].cols, on_lines[i].dtype,
			                                       0, NULL, &c),
			                 TXF_SUCCESS);
			const bool held = cpu == 1 && !on_lines[i].nt[cpu];
			if (test_cparam(&c, "stores") != on_lines[i].nt[cpu] ||
			    (strstr(c.why, "output rows on lines, no cache size reported") !=
			     NULL) != held)
				fail_msg(
				    "%s, no cache size, on lines, %zu x %zu %s: stores %lld: %s",
				    cpus[cpu], on_lines[i].rows, on_lines[i].cols,
				    txf_dtype_name(on_lines[i].dtype), test_cparam(&c, "stores"),
				    c.why);
		}
		assert_int_equal(txf_transpose_explain(ctx, 300, 300, TXF_F32, 0, NULL, &c),
		                 TXF_SUCCESS);
		assert_int_equal(test_cparam(&c, "stores"), 0);
		assert_null(strstr(c.why, "no cache size reported"));
		/* The shifted kernel's tiles loaded first for inputs over 32 MiB
		 * (TXF__STAGE_CACHE_UNKNOWN), on either entry. */
		static const struct {
			size_t rows, cols;
			txf_dtype dtype;
			bool staged;
		} big[] = {{4093, 4099, TXF_F32, true},
		           {3001, 2999, TXF_F64, true},
		           {2000, 2001, TXF_F32, false},
		           {4093, 4099, TXF_U16, false},
		           {4096, 4096, TXF_F32, false}};
		for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
			assert_int_equal(txf_transpose_explain(ctx, big[i].rows, big[i].cols,
			                                       big[i].dtype, 0, NULL, &c),
			                 TXF_SUCCESS);
			if (test_cparam(&c, "stores") != 1 ||
			    (strstr(c.why,
			            "input lines loaded together (the input is over 32 MiB") !=
			     NULL) != big[i].staged)
				fail_msg("%s, no cache size, %zu x %zu: %s", cpus[cpu], big[i].rows,
				         big[i].cols, c.why);
		}
	}
	ctx->global_cache = 32u << 20;
	/* The views decide the blocks: a short side that is not tight in
	 * memory streams, and so do few columns whose output rows share sets. */
	static const struct {
		size_t rows, cols, elem, in_ld, out_ld;
		unsigned skinny;
	} views[] = {
	    {20, 4045, 1, 4045, 20, 1}, {20, 4045, 1, 4045, 24, 0}, {20, 4045, 1, 4100, 20, 1},
	    {5000, 29, 8, 29, 5000, 1}, {5000, 29, 8, 32, 5000, 0}, {5000, 29, 8, 29, 8192, 0},
	    {5000, 29, 8, 29, 5004, 1}, {5000, 29, 1, 29, 8192, 1}, {5000, 29, 2, 29, 8192, 0},
	};
	for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
		txf__tchoice tc;
		select_in_views(ctx, views[i].rows, views[i].cols, views[i].elem, views[i].in_ld,
		                views[i].out_ld, 0, 0, &tc);
		if (tc.skinny != views[i].skinny || tc.stream == views[i].skinny)
			fail_msg("views %zu: skinny %u, stream %u: %s", i, tc.skinny, tc.stream,
			         tc.why);
	}
	/* Why names the blocks where they run, not for few columns of 3. */
	txf_choice wc;
	assert_int_equal(txf_transpose_explain(ctx, 20, 4045, TXF_U8, 0, NULL, &wc), TXF_SUCCESS);
	assert_non_null(strstr(wc.why, "64-byte line transposed in registers"));
	assert_int_equal(txf_transpose_explain(ctx, 5000, 3, TXF_F32, 0, NULL, &wc), TXF_SUCCESS);
	assert_int_equal(test_cparam(&wc, "skinny"), 1);
	assert_null(strstr(wc.why, "64-byte line transposed in registers"));
	/* Forced: either kind where the streaming kernel runs; non-temporal
	 * ones only on POCL's CPU devices; neither without the kernel. */
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	assert_int_equal(txf_transpose_options_set(&o, "stores", -1), TXF_SUCCESS);
	txf_choice c;
	assert_int_equal(txf_transpose_explain(ctx, 2048, 2048, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "stores"), 0);
	assert_non_null(strstr(c.why, "ordinary stores (forced)"));
	assert_int_equal(txf_transpose_options_set(&o, "stores", 1), TXF_SUCCESS);
	assert_int_equal(txf_transpose_explain(ctx, 300, 300, TXF_F32, 0, &o, &c), TXF_SUCCESS);
	assert_int_equal(test_cparam(&c, "stores"), 1);
	assert_non_null(strstr(c.why, "stores of lines shifted onto the output rows (forced)"));
	assert_int_equal(txf_transpose_options_set(&o, "stream", -1), TXF_SUCCESS);
	assert_int_equal(txf_transpose_explain(ctx, 2048, 2048, TXF_F32, 0, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "streaming kernel (stream 1)"));
	assert_int_equal(txf_transpose_explain(ctx, 3, 300000, TXF_F32, 0, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_int_equal(txf_transpose_options_set(&o, "stream", 1), TXF_SUCCESS);
	ctx->profile.vendor = TXF_VENDOR_NVIDIA;
	ctx->profile.kind = TXF_DEVICE_GPU;
	assert_int_equal(txf_transpose_explain(ctx, 2048, 2048, TXF_F32, 0, &o, &c),
	                 TXF_ERR_STRATEGY_NOT_APPLICABLE);
	assert_non_null(strstr(txf_last_error(), "POCL's CPU devices"));
	assert_int_equal(txf_transpose_options_set(&o, "stores", 2), TXF_ERR_BAD_PARAM);
	txf_context_release(&ctx);
}

/* Two matmul choices are the same: strategy, launches, sources, every
 * parameter, entry and why. */
static void assert_same_mchoice(const txf_matmul_choice *a, const txf_matmul_choice *b)
{
	assert_int_equal(a->strategy, b->strategy);
	assert_int_equal(a->launches, b->launches);
	assert_int_equal(a->strategy_source, b->strategy_source);
	assert_int_equal(a->params_source, b->params_source);
	assert_int_equal(a->num_params, b->num_params);
	for (unsigned i = 0; i < a->num_params; i++) {
		assert_string_equal(a->params[i].name, b->params[i].name);
		assert_int_equal(a->params[i].value, b->params[i].value);
	}
	assert_string_equal(a->entry, b->entry);
	assert_string_equal(a->why, b->why);
}

static void assert_same_tchoice(const txf_choice *a, const txf_choice *b)
{
	assert_int_equal(a->strategy, b->strategy);
	assert_int_equal(a->tile, b->tile);
	assert_int_equal(a->wg_rows, b->wg_rows);
	assert_int_equal(a->launches, b->launches);
	assert_int_equal(a->num_params, b->num_params);
	for (unsigned i = 0; i < a->num_params; i++)
		assert_int_equal(a->params[i].value, b->params[i].value);
	assert_string_equal(a->why, b->why);
}

/* Choices are remembered per context (select.c): a repeated shape gets its
 * choice from the memo, which equals the choice of a context that has
 * made none; other options, element sizes and in-place transposes are
 * kept apart; more shapes than it holds push the oldest out; a dressed
 * profile makes it forget. */
static void choices_remembered(void **state)
{
	(void)state;
	txf_context *ctx = untuned_context(-1, TXF_DEVICE_GPU);
	const size_t shapes[][3] = {{300, 200, 100}, {1000, 1000, 1000}, {7, 5, 3},
	                            {64, 50000, 64}, {4096, 8, 4096},    {513, 257, 129},
	                            {2, 2, 90000},   {1200, 800, 16},    {999, 666, 777},
	                            {128, 128, 128}, {31, 4097, 65}};
	const size_t ns = sizeof shapes / sizeof shapes[0];
	assert_true(ns > TXF__MEMO_SIZE);
	txf_matmul_choice first[sizeof shapes / sizeof shapes[0]][2], c;
	txf_choice tfirst[sizeof shapes / sizeof shapes[0]], t;
	const int types = ctx->profile.has_fp64 ? 2 : 1;
	for (int round = 0; round < 3; round++) {
		for (size_t i = 0; i < ns; i++) {
			const size_t *sh = shapes[i];
			for (int d = 0; d < types; d++) {
				const txf_dtype dt = d ? TXF_F64 : TXF_F32;
				assert_int_equal(
				    txf_matmul_explain(ctx, sh[0], sh[1], sh[2], dt, NULL, &c),
				    TXF_SUCCESS);
				if (round == 0)
					first[i][d] = c;
				else
					assert_same_mchoice(&c, &first[i][d]);
				if (round == 2) { /* a fresh context chooses the same */
					txf_context *fresh = untuned_context(-1, TXF_DEVICE_GPU);
					txf_matmul_choice f;
					assert_int_equal(txf_matmul_explain(fresh, sh[0], sh[1],
					                                    sh[2], dt, NULL, &f),
					                 TXF_SUCCESS);
					assert_same_mchoice(&c, &f);
					txf_context_release(&fresh);
				}
			}
			assert_int_equal(txf_transpose_explain(ctx, sh[0], sh[2], TXF_U8,
			                                       sh[0] == sh[2], NULL, &t),
			                 TXF_SUCCESS);
			if (round == 0)
				tfirst[i] = t;
			else
				assert_same_tchoice(&t, &tfirst[i]);
			if (round == 2) {
				txf_context *fresh = untuned_context(-1, TXF_DEVICE_GPU);
				txf_choice ft;
				assert_int_equal(txf_transpose_explain(fresh, sh[0], sh[2], TXF_U8,
				                                       sh[0] == sh[2], NULL, &ft),
				                 TXF_SUCCESS);
				assert_same_tchoice(&t, &ft);
				txf_context_release(&fresh);
			}
		}
	}
	/* The last shapes are remembered, the first pushed out. */
	bool seen_last = false, seen_first = false;
	for (unsigned i = 0; i < TXF__MEMO_SIZE; i++) {
		seen_last |= ctx->memo.mm[i].used && ctx->memo.mm[i].m == shapes[ns - 1][0] &&
		             ctx->memo.mm[i].k == shapes[ns - 1][2];
		seen_first |= ctx->memo.mm[i].used && ctx->memo.mm[i].m == shapes[0][0] &&
		              ctx->memo.mm[i].k == shapes[0][2];
	}
	assert_true(seen_last);
	assert_false(seen_first);

	/* Options are part of the key: the same shape asked otherwise. */
	txf_matmul_options mo;
	txf_matmul_options_default(&mo);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &mo, &c), TXF_SUCCESS);
	assert_int_not_equal(c.strategy, TXF_STRATEGY_SIMPLE);
	mo.strategy = TXF_STRATEGY_SIMPLE;
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &mo, &c), TXF_SUCCESS);
	assert_int_equal(c.strategy, TXF_STRATEGY_SIMPLE);
	txf_matmul_options_default(&mo);
	assert_int_equal(txf_matmul_options_set(&mo, "ksplit", 3), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(ctx, 999, 666, 777, TXF_F32, &mo, &c), TXF_SUCCESS);
	assert_int_equal(test_mparam(&c, "ksplit"), 3);
	txf_transpose_options to;
	txf_transpose_options_default(&to);
	assert_int_equal(txf_transpose_explain(ctx, 256, 256, TXF_F32, 0, &to, &t), TXF_SUCCESS);
	assert_int_not_equal(t.strategy, TXF_STRATEGY_SIMPLE);
	to.strategy = TXF_STRATEGY_SIMPLE;
	assert_int_equal(txf_transpose_explain(ctx, 256, 256, TXF_F32, 0, &to, &t), TXF_SUCCESS);
	assert_int_equal(t.strategy, TXF_STRATEGY_SIMPLE);
	assert_int_equal(txf_transpose_explain(ctx, 256, 256, TXF_F32, 1, &to, &t), TXF_SUCCESS);
	assert_int_equal(t.strategy, TXF_STRATEGY_SIMPLE);
	assert_int_equal(txf_transpose_options_set(&to, "tile", 8), TXF_SUCCESS);
	to.strategy = TXF_STRATEGY_PAD;
	assert_int_equal(txf_transpose_explain(ctx, 256, 256, TXF_F32, 1, &to, &t), TXF_SUCCESS);
	assert_int_equal(t.tile, 8);

	/* A profile dressed after choices were made: they are made again, as a
	 * context dressed alike makes them (on a device unlike an H100 the
	 * choice differs from the one remembered). */
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, NULL, &c), TXF_SUCCESS);
	txf_context *fresh = untuned_context(-1, TXF_DEVICE_GPU);
	txf_context *both[2] = {ctx, fresh};
	for (int i = 0; i < 2; i++) {
		both[i]->profile.vendor = TXF_VENDOR_NVIDIA;
		both[i]->profile.kind = TXF_DEVICE_GPU;
		both[i]->profile.local_mem_size = 48 * 1024;
		both[i]->profile.max_work_group_size = 1024;
		both[i]->profile.compute_units = 132;
		both[i]->profile.nv_compute_capability = 90;
	}
	txf_matmul_choice f;
	assert_int_equal(txf_matmul_explain(ctx, 4096, 4096, 4096, TXF_F32, NULL, &c), TXF_SUCCESS);
	assert_int_equal(txf_matmul_explain(fresh, 4096, 4096, 4096, TXF_F32, NULL, &f),
	                 TXF_SUCCESS);
	assert_same_mchoice(&c, &f);
	assert_int_equal(test_mparam(&c, "lbuf"), 3);
	txf_context_release(&fresh);
	txf_context_release(&ctx);
}

int main(void)
{
	unsetenv("TXF_DEVICE");
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(default_context_has_profile),
	    cmocka_unit_test(normalized_names),
	    cmocka_unit_test(pocl_handle_cache_versions),
	    cmocka_unit_test(device_list_and_specs),
	    cmocka_unit_test(wrap_callers_objects),
	    cmocka_unit_test(kernel_search_path_order),
	    cmocka_unit_test(programs_are_cached),
	    cmocka_unit_test(choices_remembered),
	    cmocka_unit_test(nvidia_entry_tiles),
	    cmocka_unit_test(nvidia_entry_packed),
	    cmocka_unit_test(nvidia_entry_ksplit),
	    cmocka_unit_test(nvidia_tiny_c),
	    cmocka_unit_test(nvidia_dot_c),
	    cmocka_unit_test(nvidia_shallow),
	    cmocka_unit_test(nvidia_slices_by_items),
	    cmocka_unit_test(nvidia_cost_model),
	    cmocka_unit_test(nvidia_f64_cost_model),
	    cmocka_unit_test(gpu_skinny_words),
	    cmocka_unit_test(nvidia_entry_dmma),
	    cmocka_unit_test(nvidia_entry_tf32),
	    cmocka_unit_test(nvidia_tuned_below_model),
	    cmocka_unit_test(pocl_cpu_entry_stream),
	    cmocka_unit_test(pocl_cpu_entry_matmul_model),
	};
	return cmocka_run_group_tests_name("context", tests, NULL, NULL);
}
