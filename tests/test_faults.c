/* Injected faults, in a library built with -Dfault_injection=true (see
 * lib/txf_fault.h). For every operation of the API, a clean run first counts
 * the OpenCL allocations, program builds and enqueues it makes; then each of
 * them in turn, N = 1 .. count, is made to fail, on a fresh library context
 * each time so that every run makes the same calls. Each failure must
 *  - return the status that the failed call calls for, with a message
 *    naming the OpenCL error,
 *  - leave every buffer of the caller as it was, byte for byte, guard bands
 *    included (outputs hold poison or known data before the run),
 *  - return no event and leak no OpenCL object: the wrappers keep a ledger of
 *    the objects the library holds; after the failure only programs and
 *    kernels it cached and workspaces it pooled may remain, and after the
 *    context is released nothing does (the suite also runs under
 *    LeakSanitizer),
 *  - leave no program in the in-memory cache and no file in the binary
 *    cache that a later run would trip over,
 *  - and leave the context able to run the operation correctly, checked
 *    against a host reference.
 * A program binary from the cache that the driver refuses is not a failure:
 * the library builds the program from source again, which is checked too.
 * The last test reads the .c files of lib/ and checks that a fault was injected at every
 * call of a wrapped OpenCL function there. */
#include "common.h"

#include "txf_internal.h" /* txf__program_builds, txf__pool_created */
#include "txf_fault.h"

#include <dirent.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Shapes: small, with edges the tiles do not divide. */
#define TR_ROWS 37
#define TR_COLS 23
#define IP_N 29
#define BATCH 3
#define MM_M 19
#define MM_N 21
#define MM_K 13
#define IO_ROWS 9
#define IO_COLS 11
#define IO_HOST_LD 13
/* The operations' options: a forced 8 x 4 tile, and 8 x 8 x 8 blocks of
 * 4 x 4 work-items with K sliced as the case says. */
static txf_transpose_options tr_opts(txf_strategy strategy)
{
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = strategy;
	o.tile = 8;
	o.wg_rows = 4;
	return o;
}

static txf_matmul_options mm_opts(txf_strategy strategy, unsigned ksplit)
{
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = strategy;
	static const char *const names[] = {"mwg", "nwg", "kwg", "mdimc", "ndimc", "vwa", "vwb"};
	static const long long values[] = {8, 8, 8, 4, 4, 1, 1};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		test_mopt(&o, names[i], values[i]);
	test_mopt(&o, "ksplit", ksplit);
	return o;
}
static const double mm_alpha = 1.5, mm_beta = 0.5;

/* The matrix units: precision tf32, mma 4, blocks of one warp of 32 x 32. */
static void units_opts(txf_matmul_options *o)
{
	static const char *const names[] = {"mwg",  "nwg",       "mdimc", "ndimc",
	                                    "lbuf", "precision", "mma"};
	static const long long values[] = {32, 32, 4, 8, 2, 3, 4};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		test_mopt(o, names[i], values[i]);
}

/* ctx's profile as an sm_90 NVIDIA GPU's (its kernels still run here). */
static void dress_nvidia(txf_context *ctx)
{
	ctx->profile.vendor = TXF_VENDOR_NVIDIA;
	ctx->profile.kind = TXF_DEVICE_GPU;
	ctx->profile.nv_compute_capability = 90;
	ctx->profile.local_mem_size = 48 * 1024;
}

typedef enum op_kind {
	OP_CONTEXT,         /* txf_context_create */
	OP_PROFILE,         /* txf_context_profile: builds a probe kernel */
	OP_ALLOC,           /* txf_matrix_alloc */
	OP_WRITE,           /* txf_matrix_write */
	OP_READ,            /* txf_matrix_read */
	OP_EMPTY,           /* a transpose of a 0 x 5 matrix: only a marker */
	OP_TRANSPOSE,       /* txf_transpose, both views row-major */
	OP_LAYOUT_COPY,     /* txf_transpose from row-major to column-major */
	OP_LAYOUT_ONE,      /* the same in one buffer, row pitches differing: a kernel */
	OP_INPLACE,         /* txf_transpose_inplace */
	OP_BATCHED,         /* txf_transpose_batched: simple in one launch, pad per matrix */
	OP_MATMUL,          /* txf_matmul */
	OP_MATMUL_BF16,     /* bf16 A, B and C: widened, and C narrowed */
	OP_MATMUL_BF16_F32, /* bf16 A and B, f32 C */
	/* bf16 A and B, f32 C, on a context dressed as an sm_90 NVIDIA GPU:
	 * padcopy's pair packs and the 16-bit matrix units (the test device
	 * computes each instruction in OpenCL C) */
	OP_MATMUL_UNITS
} op_kind;

typedef enum disk_cache {
	DISK_OFF,  /* binary cache off: programs built from source */
	DISK_COLD, /* binary cache on, empty: built from source, then stored */
	DISK_WARM  /* binary cache on, holding the program: loaded */
} disk_cache;

typedef struct fcase {
	const char *name;
	op_kind op;
	txf_strategy strategy;
	bool workspace;    /* PADCOPY, K slices: the caller's workspace, else pooled */
	bool out_of_order; /* the library context wraps an out-of-order queue */
	disk_cache disk;
	unsigned ksplit; /* matmul: K slices (0: the device's choice) */
} fcase;

/* ------------------------------------------------------------ fixture */

#define MAX_BUFS 3

typedef struct fixture {
	const fcase *fc;
	test_buffer buf[MAX_BUFS];
	unsigned char *before[MAX_BUFS]; /* each buffer's bytes before a run */
	unsigned nbuf;
	int out;             /* the caller's output buffer, -1 for none */
	unsigned char *want; /* exact operations: the output's bytes after a run */
	txf_matrix v[MAX_BUFS];
	test_buffer ws;      /* PADCOPY's caller-given workspace */
	double *ref, *bound; /* matmul: reference and error bound of C */
	unsigned char *host; /* read: the host output; write: the host input */
	unsigned char *host_before, *host_want;
	size_t host_bytes;
	cl_command_queue queue; /* the library contexts' queue */
	char cache_dir[256];    /* the binary cache's directory, "" when off */
	unsigned long programs; /* programs a clean run makes */
} fixture;

static size_t whole(const test_buffer *b)
{
	return b->bytes + 2 * GUARD_BYTES;
}

static double uniform(void)
{
	return (double)(test_rng_next() >> 11) * 0x1p-52 - 1.0;
}

/* A buffer of `bytes` usable bytes that holds `image` (whole(), guards
 * included) before each run: random data for inputs, poison for outputs. */
static void add_buffer(fixture *f, size_t bytes, bool random)
{
	unsigned i = f->nbuf++;
	f->buf[i] = test_buffer_new(bytes);
	f->before[i] = test_image_poisoned(&f->buf[i]);
	if (random)
		test_fill_random(f->before[i] + GUARD_BYTES, bytes);
}

/* Random values in [-1, 1] in a view's elements (row-major): f32, or bf16
 * (a float's top half). */
static void fill_floats(fixture *f, unsigned i)
{
	const txf_matrix *m = &f->v[i];
	const size_t e = txf_dtype_size(m->dtype);
	for (size_t r = 0; r < m->rows; r++)
		for (size_t c = 0; c < m->cols; c++) {
			float x = (float)uniform();
			uint32_t u;
			memcpy(&u, &x, 4);
			const uint16_t h = (uint16_t)(u >> 16);
			memcpy(f->before[i] + (m->offset + r * m->ld + c) * e,
			       e == 2 ? (const void *)&h : (const void *)&x, e);
		}
}

static float elem_f(const unsigned char *image, size_t at)
{
	float x;
	memcpy(&x, image + at * 4, 4);
	return x;
}

/* Element at of an image of f32 or bf16 elements. */
static double elem_v(const unsigned char *image, txf_dtype t, size_t at)
{
	if (t != TXF_BF16)
		return elem_f(image, at);
	uint16_t h;
	memcpy(&h, image + at * 2, 2);
	uint32_t u = (uint32_t)h << 16;
	float x;
	memcpy(&x, &u, 4);
	return x;
}

static void fixture_init(fixture *f, const fcase *fc, cl_command_queue queue)
{
	memset(f, 0, sizeof *f);
	f->fc = fc;
	f->out = -1;
	f->queue = queue;
	switch (fc->op) {
	case OP_CONTEXT:
	case OP_PROFILE:
	case OP_ALLOC:
		break;
	case OP_WRITE:
	case OP_READ: {
		/* One view with an offset and ld; a host matrix with host_ld. */
		add_buffer(f, (2 + IO_ROWS * 14) * 4, fc->op == OP_READ);
		f->v[0] = test_view(&f->buf[0], TXF_F32, IO_ROWS, IO_COLS, 14, 2, TXF_ROW_MAJOR);
		f->host_bytes = IO_ROWS * IO_HOST_LD * 4;
		f->host = malloc(f->host_bytes);
		f->host_before = malloc(f->host_bytes);
		f->host_want = malloc(f->host_bytes);
		assert_true(f->host && f->host_before && f->host_want);
		if (fc->op == OP_WRITE) {
			test_fill_random(f->host_before, f->host_bytes);
			f->out = 0;
			f->want = malloc(whole(&f->buf[0]));
			assert_non_null(f->want);
			memcpy(f->want, f->before[0], whole(&f->buf[0]));
		} else {
			memset(f->host_before, POISON_BYTE, f->host_bytes);
		}
		memcpy(f->host_want, f->host_before, f->host_bytes);
		for (size_t r = 0; r < IO_ROWS; r++) {
			unsigned char *dev = (fc->op == OP_WRITE ? f->want : f->before[0]) +
			                     (f->v[0].offset + r * f->v[0].ld) * 4;
			unsigned char *h = (fc->op == OP_WRITE ? f->host_before : f->host_want) +
			                   r * IO_HOST_LD * 4;
			if (fc->op == OP_WRITE)
				memcpy(dev, h, IO_COLS * 4);
			else
				memcpy(h, dev, IO_COLS * 4);
		}
		break;
	}
	case OP_EMPTY:
		add_buffer(f, 64, true);
		add_buffer(f, 64, false);
		f->v[0] = test_view(&f->buf[0], TXF_F32, 0, 5, 5, 0, TXF_ROW_MAJOR);
		f->v[1] = test_view(&f->buf[1], TXF_F32, 5, 0, 1, 0, TXF_ROW_MAJOR);
		f->out = 1;
		f->want = malloc(whole(&f->buf[1]));
		assert_non_null(f->want);
		memcpy(f->want, f->before[1], whole(&f->buf[1]));
		break;
	case OP_TRANSPOSE:
	case OP_LAYOUT_COPY: {
		bool col = fc->op == OP_LAYOUT_COPY;
		add_buffer(f, (3 + TR_ROWS * 25) * 4, true);
		add_buffer(f, col ? (5 + TR_ROWS * 26) * 4 : (5 + TR_COLS * 40) * 4, false);
		f->v[0] = test_view(&f->buf[0], TXF_F32, TR_ROWS, TR_COLS, 25, 3, TXF_ROW_MAJOR);
		f->v[1] =
		    col ? test_view(&f->buf[1], TXF_F32, TR_COLS, TR_ROWS, 26, 5, TXF_COL_MAJOR)
		        : test_view(&f->buf[1], TXF_F32, TR_COLS, TR_ROWS, 40, 5, TXF_ROW_MAJOR);
		f->out = 1;
		f->want = malloc(whole(&f->buf[1]));
		assert_non_null(f->want);
		memcpy(f->want, f->before[1], whole(&f->buf[1]));
		test_host_transpose(f->before[0], TXF_ROW_MAJOR, 25, f->v[0].offset, f->want,
		                    f->v[1].layout, f->v[1].ld, f->v[1].offset, TR_ROWS, TR_COLS,
		                    4);
		break;
	}
	case OP_BATCHED: {
		/* BATCH matrices, in 3 + b (TR_ROWS 25 + 1) (ld 25), out 5 + b
		 * (TR_COLS 40) (ld 40). */
		const size_t in_stride = TR_ROWS * 25 + 1, out_stride = TR_COLS * 40;
		add_buffer(f, (3 + BATCH * in_stride) * 4, true);
		add_buffer(f, (5 + BATCH * out_stride) * 4, false);
		f->v[0] = test_view(&f->buf[0], TXF_F32, TR_ROWS, TR_COLS, 25, 3, TXF_ROW_MAJOR);
		f->v[1] = test_view(&f->buf[1], TXF_F32, TR_COLS, TR_ROWS, 40, 5, TXF_ROW_MAJOR);
		f->out = 1;
		f->want = malloc(whole(&f->buf[1]));
		assert_non_null(f->want);
		memcpy(f->want, f->before[1], whole(&f->buf[1]));
		for (size_t b = 0; b < BATCH; b++)
			test_host_transpose(f->before[0], TXF_ROW_MAJOR, 25,
			                    f->v[0].offset + b * in_stride, f->want, TXF_ROW_MAJOR,
			                    40, f->v[1].offset + b * out_stride, TR_ROWS, TR_COLS,
			                    4);
		break;
	}
	case OP_LAYOUT_ONE: {
		/* in at element 3 (ld 25), out column-major (ld 26) after it. */
		const size_t out_at = 3 + TR_ROWS * 25 + 2;
		add_buffer(f, (out_at + TR_ROWS * 26) * 4, true);
		f->v[0] = test_view(&f->buf[0], TXF_F32, TR_ROWS, TR_COLS, 25, 3, TXF_ROW_MAJOR);
		f->v[1] =
		    test_view(&f->buf[0], TXF_F32, TR_COLS, TR_ROWS, 26, out_at, TXF_COL_MAJOR);
		f->out = 0;
		f->want = malloc(whole(&f->buf[0]));
		assert_non_null(f->want);
		memcpy(f->want, f->before[0], whole(&f->buf[0]));
		test_host_transpose(f->before[0], TXF_ROW_MAJOR, 25, f->v[0].offset, f->want,
		                    TXF_COL_MAJOR, 26, f->v[1].offset, TR_ROWS, TR_COLS, 4);
		break;
	}
	case OP_INPLACE:
		add_buffer(f, (2 + IP_N * 31) * 4, true);
		f->v[0] = test_view(&f->buf[0], TXF_F32, IP_N, IP_N, 31, 2, TXF_ROW_MAJOR);
		f->out = 0;
		f->want = malloc(whole(&f->buf[0]));
		assert_non_null(f->want);
		memcpy(f->want, f->before[0], whole(&f->buf[0]));
		test_host_transpose(f->before[0], TXF_ROW_MAJOR, 31, f->v[0].offset, f->want,
		                    TXF_ROW_MAJOR, 31, f->v[0].offset, IP_N, IP_N, 4);
		break;
	case OP_MATMUL:
	case OP_MATMUL_BF16:
	case OP_MATMUL_BF16_F32:
	case OP_MATMUL_UNITS: {
		const txf_dtype t = fc->op == OP_MATMUL ? TXF_F32 : TXF_BF16;
		const txf_dtype ct = fc->op == OP_MATMUL_BF16 ? TXF_BF16 : TXF_F32;
		const size_t ea = txf_dtype_size(t), ec = txf_dtype_size(ct);
		add_buffer(f, (1 + MM_M * 15) * ea, false);
		add_buffer(f, (2 + MM_K * 22) * ea, false);
		add_buffer(f, (3 + MM_M * 24) * ec, false);
		f->v[0] = test_view(&f->buf[0], t, MM_M, MM_K, 15, 1, TXF_ROW_MAJOR);
		f->v[1] = test_view(&f->buf[1], t, MM_K, MM_N, 22, 2, TXF_ROW_MAJOR);
		f->v[2] = test_view(&f->buf[2], ct, MM_M, MM_N, 24, 3, TXF_ROW_MAJOR);
		for (unsigned i = 0; i < 3; i++)
			fill_floats(f, i);
		f->out = 2;
		f->ref = calloc(MM_M * MM_N, sizeof *f->ref);
		f->bound = calloc(MM_M * MM_N, sizeof *f->bound);
		assert_true(f->ref && f->bound);
		for (size_t i = 0; i < MM_M; i++)
			for (size_t j = 0; j < MM_N; j++) {
				double sum = 0, mag = 0;
				for (size_t k = 0; k < MM_K; k++) {
					double a = elem_v(f->before[0], t,
					                  f->v[0].offset + i * f->v[0].ld + k);
					double b = elem_v(f->before[1], t,
					                  f->v[1].offset + k * f->v[1].ld + j);
					sum += a * b;
					mag += fabs(a * b);
				}
				double c0 =
				    elem_v(f->before[2], ct, f->v[2].offset + i * f->v[2].ld + j);
				f->ref[i * MM_N + j] = mm_alpha * sum + mm_beta * c0;
				f->bound[i * MM_N + j] =
				    3.0 * (MM_K + 2) * FLT_EPSILON * mm_alpha * mag +
				    4.0 * FLT_EPSILON * fabs(mm_beta * c0) + 1e-30 +
				    (ct == TXF_BF16 ? 0x1p-8 * fabs(f->ref[i * MM_N + j]) : 0.0);
			}
		if (fc->workspace) {
			txf_matmul_options o = mm_opts(fc->strategy, fc->ksplit);
			size_t bytes = 0;
			assert_int_equal(
			    txf_matmul_workspace_size(test_ctx, MM_M, MM_N, MM_K, t, &o, &bytes),
			    TXF_SUCCESS);
			assert_true(bytes > 0);
			f->ws = test_buffer_new(bytes);
		}
		break;
	}
	}
	if (fc->disk != DISK_OFF) {
		snprintf(f->cache_dir, sizeof f->cache_dir, "/tmp/txf-faults-XXXXXX");
		assert_non_null(mkdtemp(f->cache_dir));
	}
}

/* Remove every file of the binary cache (the directory programs/ in
 * cache_dir) and the directories themselves when `all`. */
static void cache_clear(fixture *f, bool all)
{
	char dir[512];
	snprintf(dir, sizeof dir, "%s/programs", f->cache_dir);
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			char path[1024];
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			assert_int_equal(unlink(path), 0);
		}
		closedir(d);
	}
	if (all) {
		rmdir(dir);
		rmdir(f->cache_dir);
	}
}

/* Files in the binary cache: entries ("*.bin") and anything else. */
static void cache_files(fixture *f, unsigned *entries, unsigned *others)
{
	char dir[512];
	snprintf(dir, sizeof dir, "%s/programs", f->cache_dir);
	*entries = *others = 0;
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] == '.')
			continue;
		if (n > 4 && strcmp(e->d_name + n - 4, ".bin") == 0)
			(*entries)++;
		else
			(*others)++;
	}
	closedir(d);
}

static void fixture_free(fixture *f)
{
	for (unsigned i = 0; i < f->nbuf; i++) {
		test_buffer_free(&f->buf[i]);
		free(f->before[i]);
	}
	test_buffer_free(&f->ws);
	free(f->want);
	free(f->ref);
	free(f->bound);
	free(f->host);
	free(f->host_before);
	free(f->host_want);
	if (f->cache_dir[0])
		cache_clear(f, true);
}

/* Every buffer (and the host matrix) back to what it held before. */
static void restore(fixture *f)
{
	for (unsigned i = 0; i < f->nbuf; i++)
		assert_int_equal(clEnqueueWriteBuffer(txf_context_queue(test_ctx), f->buf[i].mem,
		                                      CL_TRUE, 0, whole(&f->buf[i]), f->before[i],
		                                      0, NULL, NULL),
		                 CL_SUCCESS);
	if (f->host)
		memcpy(f->host, f->host_before, f->host_bytes);
}

/* Nothing of the caller's changed: every buffer byte for byte, guards
 * included, and the host matrix. */
static void check_unchanged(fixture *f, const char *what)
{
	assert_int_equal(clFinish(f->queue), CL_SUCCESS);
	for (unsigned i = 0; i < f->nbuf; i++)
		test_assert_image(&f->buf[i], f->before[i], 4, what);
	if (f->host && memcmp(f->host, f->host_before, f->host_bytes) != 0)
		fail_msg("%s: the host matrix changed", what);
}

/* The operation's result is right and nothing else changed. */
static void check_result(fixture *f, const char *what)
{
	assert_int_equal(clFinish(f->queue), CL_SUCCESS);
	for (unsigned i = 0; i < f->nbuf; i++) {
		if ((int)i != f->out)
			test_assert_image(&f->buf[i], f->before[i], 4, what);
		else if (f->want)
			test_assert_image(&f->buf[i], f->want, 4, what);
	}
	if (f->fc->op == OP_READ && memcmp(f->host, f->host_want, f->host_bytes) != 0)
		fail_msg("%s: the host matrix read back is wrong", what);
	if (f->fc->op != OP_MATMUL && f->fc->op != OP_MATMUL_BF16 &&
	    f->fc->op != OP_MATMUL_BF16_F32 && f->fc->op != OP_MATMUL_UNITS)
		return;
	unsigned char *got = test_buffer_download_all(&f->buf[2]);
	const txf_matrix *c = &f->v[2];
	const size_t ec = txf_dtype_size(c->dtype);
	for (size_t e = 0; e < whole(&f->buf[2]) / ec; e++) {
		size_t rel = e - c->offset, i = rel / c->ld, j = rel % c->ld;
		bool inside = e >= c->offset && i < MM_M && j < MM_N;
		if (!inside) {
			if (memcmp(got + e * ec, f->before[2] + e * ec, ec) != 0)
				fail_msg("%s: C's buffer changed at element %zu, outside the view",
				         what, e);
			continue;
		}
		double v = elem_v(got, c->dtype, e), r = f->ref[i * MM_N + j];
		if (!(fabs(v - r) <= f->bound[i * MM_N + j]))
			fail_msg("%s: C(%zu, %zu) = %.9g, expected %.9g (bound %.3g)", what, i, j,
			         v, r, f->bound[i * MM_N + j]);
	}
	free(got);
}

/* ------------------------------------------------------------ running */

static void context_options(const fixture *f, txf_context_options *o)
{
	txf_context_options_default(o);
	o->binary_cache = f->fc->disk != DISK_OFF;
	o->cache_dir = f->cache_dir[0] ? f->cache_dir : NULL;
	o->tuning = 0;
}

/* A fresh library context on the shared OpenCL context and the fixture's
 * queue: its own program cache, pool and binary cache setting. */
static txf_context *new_context(const fixture *f)
{
	txf_context_options o;
	context_options(f, &o);
	txf_context *c = NULL;
	txf_status s = txf_context_wrap(&c, txf_context_cl_context(test_ctx),
	                                txf_context_device(test_ctx), f->queue, &o);
	if (s != TXF_SUCCESS)
		fail_msg("txf_context_wrap: %s (%s)", txf_status_name(s), txf_last_error());
	return c;
}

/* Wait for an event the library returned and release it through the
 * ledger, which counted it when the library made it. */
static void finish_event(cl_event ev, const char *what)
{
	if (!ev)
		fail_msg("%s: success without an event", what);
	assert_int_equal(clWaitForEvents(1, &ev), CL_SUCCESS);
	cl_int st = 1;
	assert_int_equal(
	    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
	    CL_SUCCESS);
	if (st != CL_COMPLETE)
		fail_msg("%s: the operation's event ended with %d", what, (int)st);
	assert_int_equal(txf__fault_clReleaseEvent(__FILE__, __func__, __LINE__, ev), CL_SUCCESS);
}

/* Run the case's operation once on ctx. On success its result is waited
 * for; on failure nothing may have come back to the caller. */
static txf_status run_op(fixture *f, txf_context *ctx, const char *what)
{
	const fcase *fc = f->fc;
	cl_event ev = NULL;
	txf_status s = TXF_SUCCESS;
	bool evented = true;
	switch (fc->op) {
	case OP_CONTEXT: {
		txf_context_options o;
		context_options(f, &o);
		txf_context *c = (txf_context *)&ev; /* not NULL: must be cleared */
		s = txf_context_create(&c, &o);
		if (s == TXF_SUCCESS && !c)
			fail_msg("%s: success without a context", what);
		if (s != TXF_SUCCESS && c)
			fail_msg("%s: failure left a context", what);
		txf_context_release(&c);
		evented = false;
		break;
	}
	case OP_PROFILE: {
		txf_device_profile p, poison;
		memset(&p, 0x5a, sizeof p);
		memcpy(&poison, &p, sizeof p);
		s = txf_context_profile(ctx, &p);
		if (s == TXF_SUCCESS && p.preferred_multiple == 0)
			fail_msg("%s: no preferred work-group multiple", what);
		if (s != TXF_SUCCESS && memcmp(&p, &poison, sizeof p) != 0)
			fail_msg("%s: failure wrote the profile", what);
		evented = false;
		break;
	}
	case OP_ALLOC: {
		txf_matrix m;
		memset(&m, 0x5a, sizeof m);
		s = txf_matrix_alloc(ctx, TXF_F32, 7, 9, TXF_ROW_MAJOR, &m);
		if (s != TXF_SUCCESS && m.buffer)
			fail_msg("%s: failure returned a buffer", what);
		if (s == TXF_SUCCESS) {
			size_t size = 0;
			assert_int_equal(
			    clGetMemObjectInfo(m.buffer, CL_MEM_SIZE, sizeof size, &size, NULL),
			    CL_SUCCESS);
			assert_int_equal(size, 7 * 9 * 4);
			txf_matrix_free(&m);
		}
		evented = false;
		break;
	}
	case OP_WRITE:
		s = txf_matrix_write(ctx, &f->v[0], f->host, IO_HOST_LD, 0, 0, NULL, &ev);
		break;
	case OP_READ:
		s = txf_matrix_read(ctx, &f->v[0], f->host, IO_HOST_LD, 0, 0, NULL, &ev);
		break;
	case OP_EMPTY:
		s = txf_transpose(ctx, &f->v[0], &f->v[1], NULL, 0, NULL, &ev);
		break;
	case OP_TRANSPOSE:
	case OP_LAYOUT_COPY:
	case OP_LAYOUT_ONE: {
		txf_transpose_options o = tr_opts(fc->strategy);
		s = txf_transpose(ctx, &f->v[0], &f->v[1], &o, 0, NULL, &ev);
		break;
	}
	case OP_INPLACE: {
		txf_transpose_options o = tr_opts(fc->strategy);
		s = txf_transpose_inplace(ctx, &f->v[0], &o, 0, NULL, &ev);
		break;
	}
	case OP_BATCHED: {
		txf_transpose_options o = tr_opts(fc->strategy);
		test_topt(&o, "batched", fc->strategy == TXF_STRATEGY_SIMPLE ? 1 : 2);
		s = txf_transpose_batched(ctx, &f->v[0], TR_ROWS * 25 + 1, &f->v[1], TR_COLS * 40,
		                          BATCH, &o, 0, NULL, &ev);
		break;
	}
	case OP_MATMUL:
	case OP_MATMUL_BF16:
	case OP_MATMUL_BF16_F32:
	case OP_MATMUL_UNITS: {
		txf_matmul_options o = mm_opts(fc->strategy, fc->ksplit);
		if (fc->op == OP_MATMUL_UNITS) {
			units_opts(&o);
			dress_nvidia(ctx);
		}
		o.workspace = fc->workspace ? f->ws.mem : NULL;
		s = txf_matmul(ctx, TXF_OP_N, TXF_OP_N, mm_alpha, &f->v[0], &f->v[1], mm_beta,
		               &f->v[2], &o, 0, NULL, &ev);
		break;
	}
	}
	if (evented && s == TXF_SUCCESS)
		finish_event(ev, what);
	else if (ev)
		fail_msg("%s: %s returned an event", what, txf_status_name(s));
	return s;
}

/* ------------------------------------------------------------ ledger */

typedef struct ledger {
	long n[TXF__OBJ_COUNT];
} ledger;

static ledger ledger_now(void)
{
	ledger l;
	for (int k = 0; k < TXF__OBJ_COUNT; k++)
		l.n[k] = txf__fault_live((txf__fault_object)k);
	return l;
}

/* After a context is released every object it held is gone. A pooled
 * workspace goes when the callback on its last event has run, which may
 * be a moment after the event completed: wait up to 10 s for it. */
static void check_ledger_back(const ledger *l0, const char *what)
{
	ledger now = ledger_now();
	for (int tries = 0; tries < 1000 && now.n[TXF__OBJ_MEM] != l0->n[TXF__OBJ_MEM]; tries++) {
		struct timespec t = {0, 10 * 1000 * 1000};
		nanosleep(&t, NULL);
		now = ledger_now();
	}
	for (int k = 0; k < TXF__OBJ_COUNT; k++)
		if (now.n[k] != l0->n[k])
			fail_msg("%s: %ld %s objects of the library remain after the context "
			         "was released",
			         what, now.n[k] - l0->n[k],
			         txf__fault_object_name((txf__fault_object)k));
}

/* ------------------------------------------------------------ sites */

/* Each call site a fault was injected at, for the coverage test. */
typedef struct site {
	char function[40];
	char file[40];
	int line;
} site;

static site sites[128];
static size_t nsites;
static unsigned long faults_injected;

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static void note_site(const char *function, const char *file, int line)
{
	file = base_name(file);
	for (size_t i = 0; i < nsites; i++)
		if (sites[i].line == line && strcmp(sites[i].file, file) == 0 &&
		    strcmp(sites[i].function, function) == 0)
			return;
	assert_true(nsites < COUNT(sites));
	snprintf(sites[nsites].function, sizeof sites[nsites].function, "%s", function);
	snprintf(sites[nsites].file, sizeof sites[nsites].file, "%s", file);
	sites[nsites++].line = line;
}

/* What a failed call leads to. The statuses follow the error each wrapper
 * returns (txf_fault.h): out of host memory is TXF_ERR_OUT_OF_MEMORY, a
 * failed build TXF_ERR_BUILD_FAILED, other OpenCL errors TXF_ERR_OPENCL. */
typedef struct expectation {
	bool recovers; /* the library works around it: success */
	txf_status status;
} expectation;

static expectation expect_for(const char *function, const char *caller)
{
	/* Loading a cached binary: a refused binary is built from source. */
	if (strcmp(caller, "load_binary") == 0)
		return (expectation){true, TXF_SUCCESS};
	static const struct {
		const char *function;
		txf_status status;
	} table[] = {
	    {"clCreateBuffer", TXF_ERR_OPENCL},
	    {"clCreateSubBuffer", TXF_ERR_OPENCL},
	    {"clCreateUserEvent", TXF_ERR_OPENCL},
	    {"clCreateContext", TXF_ERR_OPENCL},
	    {"clCreateCommandQueue", TXF_ERR_OPENCL},
	    {"clCreateProgramWithSource", TXF_ERR_OUT_OF_MEMORY},
	    {"clBuildProgram", TXF_ERR_BUILD_FAILED},
	    {"clCreateKernel", TXF_ERR_OPENCL},
	    {"clEnqueueNDRangeKernel", TXF_ERR_OPENCL},
	    {"clEnqueueCopyBufferRect", TXF_ERR_OPENCL},
	    {"clEnqueueReadBufferRect", TXF_ERR_OPENCL},
	    {"clEnqueueWriteBufferRect", TXF_ERR_OPENCL},
	    {"clEnqueueMarkerWithWaitList", TXF_ERR_OUT_OF_MEMORY},
	};
	for (size_t i = 0; i < COUNT(table); i++)
		if (strcmp(table[i].function, function) == 0)
			return (expectation){false, table[i].status};
	fail_msg("no expectation for a fault in %s", function);
	return (expectation){false, TXF_SUCCESS};
}

/* ------------------------------------------------------------ the walk */

/* A clean run from the state every faulty run starts in: counts the calls
 * of each class and checks the result. With a binary cache that should hold
 * the programs, `loads` says so. */
static void clean_run(fixture *f, unsigned long count[TXF__FAULT_CLASS_COUNT], bool loads)
{
	char what[160];
	snprintf(what, sizeof what, "%s: clean run", f->fc->name);
	if (f->fc->disk == DISK_COLD)
		cache_clear(f, false);
	restore(f);
	ledger l0 = ledger_now();
	txf_context *ctx = f->fc->op == OP_CONTEXT ? NULL : new_context(f);
	txf__fault_reset();
	txf_status s = run_op(f, ctx, what);
	for (int c = 0; c < TXF__FAULT_CLASS_COUNT; c++)
		count[c] = txf__fault_count((txf__fault_class)c);
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s (%s)", what, txf_status_name(s), txf_last_error());
	check_result(f, what);
	f->programs = ctx ? txf__program_builds(ctx) : 0;
	if (ctx && f->fc->disk != DISK_OFF) {
		txf_context_stats st;
		assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
		if (!st.binary_cache)
			fail_msg("%s: the binary cache is off", what);
		if (st.programs_loaded != (loads ? f->programs : 0))
			fail_msg("%s: %lu of %lu programs loaded from the cache", what,
			         st.programs_loaded, f->programs);
	}
	txf_context_release(&ctx);
	check_ledger_back(&l0, what);
}

/* After a run on a disk cache, a new context finds a usable entry: it
 * loads the program and rejects nothing. */
static void check_cache_usable(fixture *f, const char *what)
{
	txf_context *ctx = new_context(f);
	restore(f);
	if (run_op(f, ctx, what) != TXF_SUCCESS)
		fail_msg("%s: run after the fault: %s", what, txf_last_error());
	check_result(f, what);
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
	if (st.cache_rejected != 0 || st.programs_loaded != f->programs)
		fail_msg("%s: the next context loaded %lu of %lu programs and rejected %lu cache "
		         "entries",
		         what, st.programs_loaded, f->programs, st.cache_rejected);
	txf_context_release(&ctx);
}

static void inject(fixture *f, txf__fault_class cls, unsigned long n, unsigned long count)
{
	const fcase *fc = f->fc;
	char what[256];
	snprintf(what, sizeof what, "%s: %s fault %lu of %lu", fc->name, txf__fault_class_name(cls),
	         n, count);
	if (fc->disk == DISK_COLD)
		cache_clear(f, false);
	restore(f);
	ledger l0 = ledger_now();
	txf_context *ctx = fc->op == OP_CONTEXT ? NULL : new_context(f);
	ledger l1 = ledger_now();
	unsigned long builds = ctx ? txf__program_builds(ctx) : 0;
	unsigned long pooled = ctx ? txf__pool_created(ctx->pool) : 0;
	size_t events = ctx ? txf__events_kept(ctx) : 0;
	unsigned long kernels = 0, busy = 0, created = 0;
	if (ctx)
		txf__kernel_counts(ctx, &kernels, &busy, &created);

	txf__fault_reset();
	txf__fault_set(cls, n);
	txf_status s = run_op(f, ctx, what);
	const char *function = NULL, *file = NULL, *caller = NULL;
	int line = 0;
	cl_int err = CL_SUCCESS;
	bool fired = txf__fault_last(&function, &file, &caller, &line, &err);
	txf__fault_reset();
	if (!fired)
		fail_msg("%s: the run made fewer calls than the clean run", what);
	faults_injected++;
	note_site(function, file, line);
	size_t len = strlen(what);
	snprintf(what + len, sizeof what - len, " (%s in %s, %s:%d)", function, caller,
	         base_name(file), line);

	expectation e = expect_for(function, caller);
	if (e.recovers) {
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s), expected the program to be built from source", what,
			         txf_status_name(s), txf_last_error());
		check_result(f, what);
		txf_context_stats st;
		assert_int_equal(txf_context_stats_get(ctx, &st), TXF_SUCCESS);
		if (st.cache_rejected != 1 || st.programs_built != 1)
			fail_msg("%s: %lu entries rejected and %lu programs built, expected 1 each",
			         what, st.cache_rejected, st.programs_built);
	} else {
		const char *detail = txf_last_error();
		if (s != e.status)
			fail_msg("%s: got %s, expected %s (%s)", what, txf_status_name(s),
			         txf_status_name(e.status), detail);
		if (!strstr(detail, txf__cl_error_name(err)))
			fail_msg("%s: the message \"%s\" does not name %s", what, detail,
			         txf__cl_error_name(err));
		check_unchanged(f, what);
		/* Only programs and kernels the cache kept, buffers the pool kept
		 * and the events of commands the context keeps until they have
		 * finished (on POCL) remain. */
		ledger l2 = ledger_now();
		long want[TXF__OBJ_COUNT] = {0};
		if (ctx) {
			want[TXF__OBJ_PROGRAM] = (long)(txf__program_builds(ctx) - builds);
			want[TXF__OBJ_MEM] = (long)(txf__pool_created(ctx->pool) - pooled);
			want[TXF__OBJ_EVENT] = (long)txf__events_kept(ctx) - (long)events;
			unsigned long kept = 0;
			txf__kernel_counts(ctx, &kept, &busy, &created);
			want[TXF__OBJ_KERNEL] = (long)(kept - kernels);
			if (busy)
				fail_msg("%s: %lu kernels still held after the failure", what,
				         busy);
		}
		for (int k = 0; k < TXF__OBJ_COUNT; k++)
			if (l2.n[k] - l1.n[k] != want[k])
				fail_msg("%s: %ld %s objects more after the failure, expected %ld",
				         what, l2.n[k] - l1.n[k],
				         txf__fault_object_name((txf__fault_object)k), want[k]);
		if (fc->disk != DISK_OFF) {
			unsigned entries, others;
			cache_files(f, &entries, &others);
			/* Cold, only the programs built before the failure are stored;
			 * warm, the entries are all there still. */
			unsigned long made = ctx ? txf__program_builds(ctx) - builds : 0;
			unsigned long want_entries = fc->disk == DISK_COLD ? made : f->programs;
			if (others || entries != want_entries)
				fail_msg(
				    "%s: the binary cache holds %u entries and %u other files, "
				    "expected %lu entries",
				    what, entries, others, want_entries);
		}
		/* The same context runs the operation; a program whose build failed
		 * is built again, not taken from the cache. */
		txf__fault_set(TXF__FAULT_PROGRAM, 0);
		bool rebuild = strcmp(caller, "build") == 0;
		char again[300];
		snprintf(again, sizeof again, "%s, then without a fault", what);
		s = run_op(f, ctx, again);
		if (s != TXF_SUCCESS)
			fail_msg("%s: %s (%s)", again, txf_status_name(s), txf_last_error());
		if (rebuild && txf__fault_count(TXF__FAULT_PROGRAM) < 2)
			fail_msg("%s: the program whose build failed was not built again", again);
		txf__fault_reset();
		check_result(f, again);
	}
	txf_context_release(&ctx);
	check_ledger_back(&l0, what);
	if (fc->disk != DISK_OFF)
		check_cache_usable(f, what);
}

static cl_command_queue out_of_order_queue;

static void run_case(void **state)
{
	const fcase *fc = *state;
	fixture f;
	fixture_init(&f, fc, fc->out_of_order ? out_of_order_queue : txf_context_queue(test_ctx));
	unsigned long count[TXF__FAULT_CLASS_COUNT];
	if (fc->disk == DISK_WARM)
		clean_run(&f, count, false); /* stores the programs */
	clean_run(&f, count, fc->disk == DISK_WARM);
	printf("# %s: %lu allocations, %lu program calls, %lu enqueues\n", fc->name,
	       count[TXF__FAULT_ALLOC], count[TXF__FAULT_PROGRAM], count[TXF__FAULT_ENQUEUE]);
	for (int c = 0; c < TXF__FAULT_CLASS_COUNT; c++)
		for (unsigned long n = 1; n <= count[c]; n++)
			inject(&f, (txf__fault_class)c, n, count[c]);
	fixture_free(&f);
}

/* ------------------------------------------------------------ coverage */

/* Calls of `function` in a C source: the name, not part of a longer one,
 * followed by "(", outside comments, strings and character constants. */
static unsigned count_calls(const char *text, const char *function)
{
	unsigned n = 0;
	size_t len = strlen(function);
	for (const char *p = text; *p;) {
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");
			p = e ? e + 2 : p + strlen(p);
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char q = *p++;
			while (*p && *p != q)
				p += p[0] == '\\' && p[1] ? 2 : 1;
			if (*p)
				p++;
		} else if (strncmp(p, function, len) == 0 &&
		           (p == text ||
		            !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
		              (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9')))) {
			const char *q = p + len;
			while (*q == ' ' || *q == '\t' || *q == '\n')
				q++;
			n += *q == '(';
			p += len;
		} else {
			p++;
		}
	}
	return n;
}

/* Every call of a fault-injected OpenCL function in the .c files of lib/ was made to
 * fail by the walks above: a new call site must come with a case here. */
static void every_call_site(void **state)
{
	(void)state;
	static const char *const functions[] = {"clCreateBuffer",
	                                        "clCreateSubBuffer",
	                                        "clCreateUserEvent",
	                                        "clCreateContext",
	                                        "clCreateCommandQueue",
	                                        "clCreateProgramWithSource",
	                                        "clCreateProgramWithBinary",
	                                        "clBuildProgram",
	                                        "clCreateKernel",
	                                        "clEnqueueNDRangeKernel",
	                                        "clEnqueueCopyBufferRect",
	                                        "clEnqueueReadBufferRect",
	                                        "clEnqueueWriteBufferRect",
	                                        "clEnqueueMarkerWithWaitList"};
	const char *dir = TXF_TEST_SRCDIR "/../lib";
	DIR *d = opendir(dir);
	assert_non_null(d);
	unsigned in_source[COUNT(functions)] = {0}, files = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0 ||
		    strcmp(e->d_name, "fault.c") == 0)
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		FILE *fp = fopen(path, "rb");
		assert_non_null(fp);
		struct stat st;
		assert_int_equal(fstat(fileno(fp), &st), 0);
		char *text = malloc((size_t)st.st_size + 1);
		assert_non_null(text);
		size_t got = fread(text, 1, (size_t)st.st_size, fp);
		text[got] = '\0';
		fclose(fp);
		for (size_t i = 0; i < COUNT(functions); i++)
			in_source[i] += count_calls(text, functions[i]);
		free(text);
		files++;
	}
	closedir(d);
	assert_true(files > 5);
	unsigned total = 0;
	for (size_t i = 0; i < COUNT(functions); i++) {
		unsigned failed = 0;
		for (size_t j = 0; j < nsites; j++)
			failed += strcmp(sites[j].function, functions[i]) == 0;
		printf("# %-28s %u call sites in lib/, %u failed\n", functions[i], in_source[i],
		       failed);
		if (failed != in_source[i])
			fail_msg("%s is called at %u places in lib/ but faults were injected at %u",
			         functions[i], in_source[i], failed);
		total += in_source[i];
	}
	printf("# %lu faults injected at %zu call sites (%u calls in lib/)\n", faults_injected,
	       nsites, total);
	assert_true(total > 0);
}

/* ------------------------------------------------------------ cases */

static const fcase cases[] = {
    {"context create", OP_CONTEXT, 0, false, false, DISK_OFF, 0},
    {"context profile (probe kernel)", OP_PROFILE, 0, false, false, DISK_OFF, 0},
    {"matrix alloc", OP_ALLOC, 0, false, false, DISK_OFF, 0},
    {"matrix write", OP_WRITE, 0, false, false, DISK_OFF, 0},
    {"matrix read", OP_READ, 0, false, false, DISK_OFF, 0},
    {"empty transpose (marker)", OP_EMPTY, 0, false, false, DISK_OFF, 0},
    {"transpose simple", OP_TRANSPOSE, TXF_STRATEGY_SIMPLE, false, false, DISK_OFF, 0},
    {"transpose pad", OP_TRANSPOSE, TXF_STRATEGY_PAD, false, false, DISK_OFF, 0},
    {"transpose truncate", OP_TRANSPOSE, TXF_STRATEGY_TRUNCATE, false, false, DISK_OFF, 0},
    {"transpose split", OP_TRANSPOSE, TXF_STRATEGY_SPLIT, false, false, DISK_OFF, 0},
    {"transpose split, out-of-order queue", OP_TRANSPOSE, TXF_STRATEGY_SPLIT, false, true, DISK_OFF,
     0},
    {"transpose across layouts (copy)", OP_LAYOUT_COPY, TXF_STRATEGY_AUTO, false, false, DISK_OFF,
     0},
    {"transpose across layouts in one buffer (kernel)", OP_LAYOUT_ONE, TXF_STRATEGY_AUTO, false,
     false, DISK_OFF, 0},
    {"batch in one launch (simple)", OP_BATCHED, TXF_STRATEGY_SIMPLE, false, false, DISK_OFF, 0},
    {"batch per matrix (pad)", OP_BATCHED, TXF_STRATEGY_PAD, false, false, DISK_OFF, 0},
    {"batch per matrix (pad), out-of-order queue", OP_BATCHED, TXF_STRATEGY_PAD, false, true,
     DISK_OFF, 0},
    {"in-place simple", OP_INPLACE, TXF_STRATEGY_SIMPLE, false, false, DISK_OFF, 0},
    {"in-place pad", OP_INPLACE, TXF_STRATEGY_PAD, false, false, DISK_OFF, 0},
    {"matmul simple", OP_MATMUL, TXF_STRATEGY_SIMPLE, false, false, DISK_OFF, 0},
    {"matmul pad", OP_MATMUL, TXF_STRATEGY_PAD, false, false, DISK_OFF, 0},
    {"matmul truncate", OP_MATMUL, TXF_STRATEGY_TRUNCATE, false, false, DISK_OFF, 0},
    {"matmul split", OP_MATMUL, TXF_STRATEGY_SPLIT, false, false, DISK_OFF, 0},
    {"matmul split, out-of-order queue", OP_MATMUL, TXF_STRATEGY_SPLIT, false, true, DISK_OFF, 0},
    {"matmul padcopy, pooled workspace", OP_MATMUL, TXF_STRATEGY_PADCOPY, false, false, DISK_OFF,
     0},
    {"matmul padcopy, caller's workspace", OP_MATMUL, TXF_STRATEGY_PADCOPY, true, false, DISK_OFF,
     0},
    {"matmul padcopy, pooled, out-of-order queue", OP_MATMUL, TXF_STRATEGY_PADCOPY, false, true,
     DISK_OFF, 0},
    {"matmul pad, 3 K slices, pooled", OP_MATMUL, TXF_STRATEGY_PAD, false, false, DISK_OFF, 3},
    {"matmul pad, 3 K slices, caller's workspace", OP_MATMUL, TXF_STRATEGY_PAD, true, false,
     DISK_OFF, 3},
    {"matmul pad, 3 K slices, out-of-order queue", OP_MATMUL, TXF_STRATEGY_PAD, false, true,
     DISK_OFF, 3},
    {"matmul padcopy, 2 K slices", OP_MATMUL, TXF_STRATEGY_PADCOPY, false, false, DISK_OFF, 2},
    {"matmul bf16, bf16 C, pooled", OP_MATMUL_BF16, TXF_STRATEGY_PAD, false, false, DISK_OFF, 0},
    {"matmul bf16, bf16 C, padcopy, caller's workspace", OP_MATMUL_BF16, TXF_STRATEGY_PADCOPY, true,
     false, DISK_OFF, 0},
    {"matmul bf16, f32 C, out-of-order queue", OP_MATMUL_BF16_F32, TXF_STRATEGY_PADCOPY, false,
     true, DISK_OFF, 0},
    {"matmul bf16, f32 C, 3 K slices, caller's workspace", OP_MATMUL_BF16_F32, TXF_STRATEGY_PAD,
     true, false, DISK_OFF, 3},
    {"matmul bf16 pairs on the matrix units", OP_MATMUL_UNITS, TXF_STRATEGY_PADCOPY, false, false,
     DISK_OFF, 0},
    {"matmul bf16 pairs, 2 K slices, out-of-order queue", OP_MATMUL_UNITS, TXF_STRATEGY_PADCOPY,
     false, true, DISK_OFF, 2},
    {"transpose pad, binary cache empty", OP_TRANSPOSE, TXF_STRATEGY_PAD, false, false, DISK_COLD,
     0},
    {"transpose pad, binary cache holds it", OP_TRANSPOSE, TXF_STRATEGY_PAD, false, false,
     DISK_WARM, 0},
    {"matmul padcopy, binary cache empty", OP_MATMUL, TXF_STRATEGY_PADCOPY, false, false, DISK_COLD,
     0},
    {"matmul padcopy, binary cache holds it", OP_MATMUL, TXF_STRATEGY_PADCOPY, false, false,
     DISK_WARM, 0},
};

static int setup(void **state)
{
	if (test_context_setup(state) != 0)
		return -1;
	cl_device_id dev = txf_context_device(test_ctx);
	cl_command_queue_properties props = 0;
	if (clGetDeviceInfo(dev, CL_DEVICE_QUEUE_PROPERTIES, sizeof props, &props, NULL) !=
	    CL_SUCCESS)
		return -1;
	if (!(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
		fprintf(stderr, "note: the device has no out-of-order queues; using in-order\n");
	cl_int err;
	out_of_order_queue =
	    clCreateCommandQueue(txf_context_cl_context(test_ctx), dev,
	                         props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
	return out_of_order_queue ? 0 : -1;
}

static int teardown(void **state)
{
	if (out_of_order_queue)
		clReleaseCommandQueue(out_of_order_queue);
	return test_context_teardown(state);
}

int main(void)
{
	struct CMUnitTest tests[COUNT(cases) + 1];
	for (size_t i = 0; i < COUNT(cases); i++) {
		tests[i] = (struct CMUnitTest)cmocka_unit_test(run_case);
		tests[i].name = cases[i].name;
		tests[i].initial_state = (void *)&cases[i];
	}
	tests[COUNT(cases)] = (struct CMUnitTest)cmocka_unit_test(every_call_site);
	return cmocka_run_group_tests_name("faults", tests, setup, teardown);
}
