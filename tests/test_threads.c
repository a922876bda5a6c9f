/* Threads: SHARED_THREADS threads share one context while OWN_CONTEXTS more
 * contexts, each with a thread of its own, run beside them. Every thread does
 * a fixed list of mixed operations on fresh random input: out-of-place
 * transposes with each strategy and several element types and layouts,
 * in-place transposes, and float32, float64 and bfloat16 matmuls (PADCOPY and
 * the widened operands from the context's pool among them). Every result is
 * checked against a host reference (transposes byte for byte, matmuls within
 * a bound that grows with K), and every byte outside the output view must
 * keep its poison.
 *
 * All threads start together on a cold cache, in memory and on disk (one
 * private directory for every context), with the same operation, so the
 * program cache is raced on first use. Meanwhile one thread saves the tuning
 * file again and again while the others read the tuning through their
 * context and through new contexts that read the file; the counters of the
 * caches are read and must never go back; and each thread's last error must
 * stay its own.
 *
 * A second test storms the host side alone: explanations (selection and the
 * tuning), tuning swaps, counters, errors, the workspace pool and the program
 * cache, with no kernel run between the calls. ThreadSanitizer (the CI runs
 * this suite in a -fsanitize=thread build, see .ci/run) orders accesses by
 * every synchronisation it sees, the OpenCL implementation's mutexes
 * included; in the storm only the library's own locks stand between the
 * threads, so a lock missing there is reported.
 *
 * A third test fails the same build in several threads at once: each gets
 * its own status, message and build log, and none waits for ever.
 *
 * The worker threads never call cmocka (it is not thread-safe): they count
 * failures and keep the first message, and the main thread asserts. */
#define _GNU_SOURCE
#include "common.h"
#include "txf_internal.h"

#include <dirent.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum {
	SHARED_THREADS = 8, /* threads on the shared context */
	OWN_CONTEXTS = 3,   /* contexts with one thread each */
	THREADS = SHARED_THREADS + OWN_CONTEXTS,
	DEFAULT_ROUNDS = 12, /* operations per thread (TXF_THREADS_ROUNDS) */
	MAX_EXTENT = 67,     /* matrix sides are 1..MAX_EXTENT */
	MAX_K = 40,          /* matmul sides are 1..MAX_K */
};

/* The kinds of operation, in the order threads walk through them. */
typedef enum op_kind {
	OP_TRANSPOSE_AUTO = 0, /* float32, AUTO: every thread's first operation */
	OP_TRANSPOSE_SIMPLE,   /* 1-byte elements */
	OP_TRANSPOSE_PAD,      /* 2-byte elements, tile 16 x 4 */
	OP_TRANSPOSE_TRUNCATE, /* 8-byte elements, tile 8 x 8 */
	OP_TRANSPOSE_SPLIT,    /* float32, tile 16 x 4 */
	OP_INPLACE_SIMPLE,
	OP_INPLACE_PAD,
	OP_MATMUL_F32_AUTO,
	OP_MATMUL_F32_PADCOPY, /* pooled workspace */
	OP_MATMUL_F64_SIMPLE,
	OP_MATMUL_F64_PADCOPY, /* pooled workspace */
	OP_MATMUL_F32_SPLIT,
	OP_MATMUL_BF16, /* bf16 A and B, f32 C: widened in the pool */
	OP_KINDS
} op_kind;

static const char *const op_names[OP_KINDS] = {
    "transpose f32 auto",  "transpose u8 simple", "transpose u16 pad",  "transpose f64 truncate",
    "transpose f32 split", "in-place simple",     "in-place pad",       "matmul f32 auto",
    "matmul f32 padcopy",  "matmul f64 simple",   "matmul f64 padcopy", "matmul f32 split",
    "matmul bf16 auto",
};

typedef struct worker {
	int id;
	txf_context *ctx;
	bool shared; /* on the shared context */
	uint64_t rng;
	unsigned rounds;
	unsigned ok[OP_KINDS];
	unsigned failures;
	char first_failure[600];
	unsigned tuning_reads, tuning_saves, contexts_opened, error_checks;
	/* Transposes run a tiled kernel: sides of at least 24, and the same
	 * storage order on both sides (opposite ones make it a copy). */
	bool kernel_only;
} worker;

static pthread_barrier_t start_line;
static char cache_dir[64];
static txf_tuning *variants[2]; /* what the saver writes, alternately */

/* ----------------------------------------------------------- failures */

static void failed(worker *w, int line, const char *fmt, ...) TXF_PRINTF(3, 4);
static void failed(worker *w, int line, const char *fmt, ...)
{
	if (w->failures++ == 0) {
		int n = snprintf(w->first_failure, sizeof w->first_failure,
		                 "thread %d, line %d: ", w->id, line);
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(w->first_failure + n, sizeof w->first_failure - (size_t)n, fmt, ap);
		va_end(ap);
	}
}

#define CHECK(w, cond, ...)                                 \
	do {                                                \
		if (!(cond)) {                              \
			failed((w), __LINE__, __VA_ARGS__); \
			goto out;                           \
		}                                           \
	} while (0)

#define CHECK_STATUS(w, s, what) \
	CHECK((w), (s) == TXF_SUCCESS, "%s: %s: %s", (what), txf_status_name(s), txf_last_error())

/* ---------------------------------------------------- random and buffers */

/* SplitMix64: one generator per thread. */
static uint64_t rnd(worker *w)
{
	uint64_t z = (w->rng += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Uniform in lo..hi. */
static size_t pick(worker *w, size_t lo, size_t hi)
{
	return lo + (size_t)(rnd(w) % (hi - lo + 1));
}

static void fill_bytes(worker *w, unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)rnd(w);
}

/* Elements a matrix spans from its view offset, in elements. */
static size_t span_of(size_t rows, size_t cols, size_t ld, size_t offset, txf_layout l)
{
	if (rows == 0 || cols == 0)
		return offset;
	return l == TXF_ROW_MAJOR ? offset + (rows - 1) * ld + cols
	                          : offset + (cols - 1) * ld + rows;
}

/* A device buffer holding host image img of n bytes (guards included). */
static cl_mem upload(worker *w, const unsigned char *img, size_t n)
{
	cl_int err;
	cl_mem m = clCreateBuffer(txf_context_cl_context(w->ctx),
	                          CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, (void *)img, &err);
	if (!m)
		failed(w, __LINE__, "clCreateBuffer of %zu bytes: %d", n, (int)err);
	return m;
}

/* Read the whole buffer once ev completes (ev is released). */
static bool download(worker *w, cl_mem m, unsigned char *img, size_t n, cl_event ev)
{
	cl_int err = clEnqueueReadBuffer(txf_context_queue(w->ctx), m, CL_TRUE, 0, n, img,
	                                 ev ? 1 : 0, ev ? &ev : NULL, NULL);
	if (ev)
		clReleaseEvent(ev);
	if (err != CL_SUCCESS)
		failed(w, __LINE__, "clEnqueueReadBuffer: %d", (int)err);
	return err == CL_SUCCESS;
}

/* A host image: GUARD_BYTES of poison, span * elem bytes, GUARD_BYTES of
 * poison; random inside the span when random is set, else poison. */
static unsigned char *image(worker *w, size_t bytes, bool random)
{
	unsigned char *p = malloc(bytes + 2 * GUARD_BYTES);
	if (!p)
		return NULL;
	memset(p, POISON_BYTE, bytes + 2 * GUARD_BYTES);
	if (random)
		fill_bytes(w, p + GUARD_BYTES, bytes);
	return p;
}

static txf_matrix view_of(cl_mem m, txf_dtype t, size_t rows, size_t cols, size_t ld, size_t offset,
                          txf_layout l)
{
	txf_matrix v = {m, GUARD_BYTES / txf_dtype_size(t) + offset, rows, cols, ld, t, l};
	return v;
}

/* Byte offset in an image of element (i, j) of a view as above. */
static size_t at(txf_layout l, size_t ld, size_t offset, size_t i, size_t j, size_t elem)
{
	return GUARD_BYTES + (offset + (l == TXF_COL_MAJOR ? j * ld + i : i * ld + j)) * elem;
}

/* The first byte where got and want differ, or SIZE_MAX. */
static size_t first_difference(const unsigned char *got, const unsigned char *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			return i;
	return SIZE_MAX;
}

static txf_layout any_layout(worker *w)
{
	return rnd(w) & 1 ? TXF_COL_MAJOR : TXF_ROW_MAJOR;
}

/* ----------------------------------------------------------- transposes */

static bool transpose_once(worker *w, txf_dtype t, txf_strategy strategy, unsigned tile,
                           unsigned wg_rows)
{
	const size_t elem = txf_dtype_size(t);
	size_t lo = strategy == TXF_STRATEGY_TRUNCATE ? tile : 1;
	if (w->kernel_only && lo < 24)
		lo = 24;
	const size_t rows = pick(w, lo, MAX_EXTENT), cols = pick(w, lo, MAX_EXTENT);
	const txf_layout li = any_layout(w), lo_ = w->kernel_only ? li : any_layout(w);
	const size_t ld_in = (li == TXF_ROW_MAJOR ? cols : rows) + pick(w, 0, 3);
	const size_t ld_out = (lo_ == TXF_ROW_MAJOR ? rows : cols) + pick(w, 0, 3);
	const size_t off_in = pick(w, 0, 4), off_out = pick(w, 0, 4);
	const size_t in_bytes = span_of(rows, cols, ld_in, off_in, li) * elem;
	const size_t out_bytes = span_of(cols, rows, ld_out, off_out, lo_) * elem;
	const size_t in_total = in_bytes + 2 * GUARD_BYTES, out_total = out_bytes + 2 * GUARD_BYTES;
	bool ok = false;
	cl_mem bin = NULL, bout = NULL;
	unsigned char *in = image(w, in_bytes, true), *want = image(w, out_bytes, false);
	unsigned char *got = malloc(out_total);
	CHECK(w, in && want && got, "out of memory");
	bin = upload(w, in, in_total);
	bout = upload(w, want, out_total);
	CHECK(w, bin && bout, "buffers");
	txf_matrix vin = view_of(bin, t, rows, cols, ld_in, off_in, li);
	txf_matrix vout = view_of(bout, t, cols, rows, ld_out, off_out, lo_);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = strategy;
	o.tile = tile;
	o.wg_rows = wg_rows;
	cl_event ev = NULL;
	txf_status s = txf_transpose(w->ctx, &vin, &vout, &o, 0, NULL, &ev);
	CHECK_STATUS(w, s, "txf_transpose");
	CHECK(w, txf_last_error()[0] == '\0', "a success left the error '%s'", txf_last_error());
	CHECK(w, download(w, bout, got, out_total, ev), "download");
	for (size_t i = 0; i < rows; i++)
		for (size_t j = 0; j < cols; j++)
			memcpy(want + at(lo_, ld_out, off_out, j, i, elem),
			       in + at(li, ld_in, off_in, i, j, elem), elem);
	size_t d = first_difference(got, want, out_total);
	CHECK(w, d == SIZE_MAX,
	      "%zu x %zu (%s, ld %zu, offset %zu -> %s, ld %zu, offset %zu), %zu-byte elements, "
	      "strategy %s tile %u: byte %zu of %zu differs",
	      rows, cols, li == TXF_ROW_MAJOR ? "row" : "col", ld_in, off_in,
	      lo_ == TXF_ROW_MAJOR ? "row" : "col", ld_out, off_out, elem,
	      txf_strategy_name(strategy), tile, d, out_total);
	ok = true;
out:
	if (bin)
		clReleaseMemObject(bin);
	if (bout)
		clReleaseMemObject(bout);
	free(in);
	free(want);
	free(got);
	return ok;
}

static bool inplace_once(worker *w, txf_strategy strategy)
{
	const txf_dtype t = rnd(w) & 1 ? TXF_F32 : TXF_U16;
	const size_t elem = txf_dtype_size(t);
	const size_t n = pick(w, 1, MAX_EXTENT);
	const txf_layout l = any_layout(w);
	const size_t ld = n + pick(w, 0, 3), off = pick(w, 0, 4);
	const size_t bytes = span_of(n, n, ld, off, l) * elem, total = bytes + 2 * GUARD_BYTES;
	bool ok = false;
	cl_mem b = NULL;
	unsigned char *orig = image(w, bytes, true), *want = malloc(total), *got = malloc(total);
	CHECK(w, orig && want && got, "out of memory");
	b = upload(w, orig, total);
	CHECK(w, b, "buffer");
	txf_matrix v = view_of(b, t, n, n, ld, off, l);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = strategy;
	cl_event ev = NULL;
	txf_status s = txf_transpose_inplace(w->ctx, &v, &o, 0, NULL, &ev);
	CHECK_STATUS(w, s, "txf_transpose_inplace");
	CHECK(w, download(w, b, got, total, ev), "download");
	memcpy(want, orig, total);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			memcpy(want + at(l, ld, off, j, i, elem), orig + at(l, ld, off, i, j, elem),
			       elem);
	size_t d = first_difference(got, want, total);
	CHECK(w, d == SIZE_MAX,
	      "in-place %zu x %zu (%s, ld %zu, offset %zu), strategy %s: byte %zu "
	      "of %zu differs",
	      n, n, l == TXF_ROW_MAJOR ? "row" : "col", ld, off, txf_strategy_name(strategy), d,
	      total);
	ok = true;
out:
	if (b)
		clReleaseMemObject(b);
	free(orig);
	free(want);
	free(got);
	return ok;
}

/* -------------------------------------------------------------- matmul */

/* A value of type t (f32, f64, or bf16: a float's top half) at p. */
static double get_value(const unsigned char *p, txf_dtype t)
{
	if (t == TXF_F64) {
		double v;
		memcpy(&v, p, sizeof v);
		return v;
	}
	float v;
	if (t == TXF_BF16) {
		uint16_t h;
		memcpy(&h, p, sizeof h);
		uint32_t u = (uint32_t)h << 16;
		memcpy(&v, &u, sizeof v);
		return v;
	}
	memcpy(&v, p, sizeof v);
	return v;
}

/* v (exact in t: bf16 values are cut to a float's top half first). */
static void put_value(unsigned char *p, double v, txf_dtype t)
{
	if (t == TXF_F64) {
		memcpy(p, &v, sizeof v);
		return;
	}
	float f = (float)v;
	if (t == TXF_BF16) {
		uint32_t u;
		memcpy(&u, &f, sizeof u);
		const uint16_t h = (uint16_t)(u >> 16);
		memcpy(p, &h, sizeof h);
		return;
	}
	memcpy(p, &f, sizeof f);
}

static void fill_values(worker *w, unsigned char *img, size_t r, size_t c, size_t ld, size_t off,
                        txf_dtype t)
{
	const size_t elem = txf_dtype_size(t);
	for (size_t i = 0; i < r; i++)
		for (size_t j = 0; j < c; j++)
			put_value(img + at(TXF_ROW_MAJOR, ld, off, i, j, elem),
			          (double)(int64_t)(rnd(w) >> 11) / 4503599627370496.0, t);
}

/* A product of type t (A and B; C is f32 for bf16 operands). */
static bool matmul_once(worker *w, txf_dtype t, txf_strategy strategy)
{
	const bool f64 = t == TXF_F64;
	const txf_dtype tc = t == TXF_BF16 ? TXF_F32 : t;
	const size_t elem = txf_dtype_size(t), celem = txf_dtype_size(tc);
	const size_t m = pick(w, 1, MAX_K), n = pick(w, 1, MAX_K), k = pick(w, 1, MAX_K);
	const size_t lda = k + pick(w, 0, 2), ldb = n + pick(w, 0, 2), ldc = n + pick(w, 0, 2);
	const size_t oa = pick(w, 0, 3), ob = pick(w, 0, 3), oc = pick(w, 0, 3);
	const double alpha = rnd(w) & 1 ? 1.0 : 0.75, beta = rnd(w) & 1 ? 0.0 : -0.5;
	const size_t ab = span_of(m, k, lda, oa, TXF_ROW_MAJOR) * elem;
	const size_t bb = span_of(k, n, ldb, ob, TXF_ROW_MAJOR) * elem;
	const size_t cb = span_of(m, n, ldc, oc, TXF_ROW_MAJOR) * celem;
	const size_t ct = cb + 2 * GUARD_BYTES;
	bool ok = false;
	cl_mem ma = NULL, mb = NULL, mc = NULL;
	unsigned char *a = image(w, ab, false), *b = image(w, bb, false), *c = image(w, cb, false);
	unsigned char *got = malloc(ct);
	CHECK(w, a && b && c && got, "out of memory");
	fill_values(w, a, m, k, lda, oa, t);
	fill_values(w, b, k, n, ldb, ob, t);
	fill_values(w, c, m, n, ldc, oc, tc);
	ma = upload(w, a, ab + 2 * GUARD_BYTES);
	mb = upload(w, b, bb + 2 * GUARD_BYTES);
	mc = upload(w, c, ct);
	CHECK(w, ma && mb && mc, "buffers");
	txf_matrix va = view_of(ma, t, m, k, lda, oa, TXF_ROW_MAJOR);
	txf_matrix vb = view_of(mb, t, k, n, ldb, ob, TXF_ROW_MAJOR);
	txf_matrix vc = view_of(mc, tc, m, n, ldc, oc, TXF_ROW_MAJOR);
	txf_matmul_options o;
	txf_matmul_options_default(&o);
	o.strategy = strategy; /* workspace NULL: PADCOPY takes the context's pool */
	cl_event ev = NULL;
	txf_status s =
	    txf_matmul(w->ctx, TXF_OP_N, TXF_OP_N, alpha, &va, &vb, beta, &vc, &o, 0, NULL, &ev);
	CHECK_STATUS(w, s, "txf_matmul");
	CHECK(w, download(w, mc, got, ct, ev), "download");
	const double eps = f64 ? DBL_EPSILON : FLT_EPSILON;
	for (size_t i = 0; i < m; i++) {
		for (size_t j = 0; j < n; j++) {
			double ref = 0, mag = 0;
			for (size_t p = 0; p < k; p++) {
				double x = get_value(a + at(TXF_ROW_MAJOR, lda, oa, i, p, elem), t);
				double y = get_value(b + at(TXF_ROW_MAJOR, ldb, ob, p, j, elem), t);
				ref += x * y;
				mag += fabs(x * y);
			}
			unsigned char *cij = c + at(TXF_ROW_MAJOR, ldc, oc, i, j, celem);
			double c0 = get_value(cij, tc);
			ref = alpha * ref + beta * c0;
			mag = fabs(alpha) * mag + fabs(beta * c0);
			double g = get_value(got + at(TXF_ROW_MAJOR, ldc, oc, i, j, celem), tc);
			double bound = 4.0 * (double)(k + 2) * eps * mag + (f64 ? 1e-300 : 1e-30);
			CHECK(
			    w, fabs(g - ref) <= bound,
			    "matmul %s %s %zu x %zu x %zu, alpha %g beta %g: C(%zu, %zu) = %.17g, "
			    "host %.17g, bound %.3g",
			    txf_dtype_name(t), txf_strategy_name(strategy), m, n, k, alpha, beta, i,
			    j, g, ref, bound);
			/* The element is right: copy it so that the image
			 * comparison below checks everything else. */
			memcpy(cij, got + at(TXF_ROW_MAJOR, ldc, oc, i, j, celem), celem);
		}
	}
	size_t d = first_difference(got, c, ct);
	CHECK(w, d == SIZE_MAX, "matmul %s %zu x %zu x %zu: byte %zu of %zu outside C changed",
	      txf_strategy_name(strategy), m, n, k, d, ct);
	ok = true;
out:
	if (ma)
		clReleaseMemObject(ma);
	if (mb)
		clReleaseMemObject(mb);
	if (mc)
		clReleaseMemObject(mc);
	free(a);
	free(b);
	free(c);
	free(got);
	return ok;
}

static bool run_op(worker *w, op_kind op)
{
	switch (op) {
	case OP_TRANSPOSE_AUTO:
		return transpose_once(w, TXF_F32, TXF_STRATEGY_AUTO, 0, 0);
	case OP_TRANSPOSE_SIMPLE:
		return transpose_once(w, TXF_U8, TXF_STRATEGY_SIMPLE, 0, 0);
	case OP_TRANSPOSE_PAD:
		return transpose_once(w, TXF_U16, TXF_STRATEGY_PAD, 16, 4);
	case OP_TRANSPOSE_TRUNCATE:
		return transpose_once(w, TXF_F64, TXF_STRATEGY_TRUNCATE, 8, 8);
	case OP_TRANSPOSE_SPLIT:
		return transpose_once(w, TXF_F32, TXF_STRATEGY_SPLIT, 16, 4);
	case OP_INPLACE_SIMPLE:
		return inplace_once(w, TXF_STRATEGY_SIMPLE);
	case OP_INPLACE_PAD:
		return inplace_once(w, TXF_STRATEGY_PAD);
	case OP_MATMUL_F32_AUTO:
		return matmul_once(w, TXF_F32, TXF_STRATEGY_AUTO);
	case OP_MATMUL_F32_PADCOPY:
		return matmul_once(w, TXF_F32, TXF_STRATEGY_PADCOPY);
	case OP_MATMUL_F64_SIMPLE:
		return matmul_once(w, TXF_F64, TXF_STRATEGY_SIMPLE);
	case OP_MATMUL_F64_PADCOPY:
		return matmul_once(w, TXF_F64, TXF_STRATEGY_PADCOPY);
	case OP_MATMUL_F32_SPLIT:
		return matmul_once(w, TXF_F32, TXF_STRATEGY_SPLIT);
	case OP_MATMUL_BF16:
		return matmul_once(w, TXF_BF16, TXF_STRATEGY_AUTO);
	case OP_KINDS:
		break;
	}
	return false;
}

/* -------------------------------------------------------------- tuning */

static void put_ok(txf_status s)
{
	if (s != TXF_SUCCESS)
		fail_msg("%s: %s", txf_status_name(s), txf_last_error());
}

/* Two tunings that differ only in what the format keeps beside the
 * choices, so that AUTO runs the same programs under either. */
static void make_variants(void)
{
	static const txf_param mp[] = {{"mwg", 16},  {"nwg", 16}, {"kwg", 8}, {"mdimc", 8},
	                               {"ndimc", 8}, {"vwa", 1},  {"vwb", 1}};
	for (int v = 0; v < 2; v++) {
		txf_tuning_release(&variants[v]);
		put_ok(txf_tuning_create(&variants[v]));
		txf_tuning *t = variants[v];
		char mode[16], created[32];
		snprintf(mode, sizeof mode, "threads%d", v);
		snprintf(created, sizeof created, "2026-11-2%dT12:00:00Z", v);
		put_ok(txf_tuning_set_info(t, mode, created));
		txf_tuning_limits l;
		memset(&l, 0, sizeof l);
		l.large_from = 1e9;
		put_ok(txf_tuning_limits_set(t, TXF_TUNE_TRANSPOSE, TXF_F32, &l));
		for (int c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
			txf_tuned e;
			memset(&e, 0, sizeof e);
			e.strategy = c % 2 ? TXF_STRATEGY_SPLIT : TXF_STRATEGY_PAD;
			test_tuned_put(&e, "tile", 16);
			test_tuned_put(&e, "wg_rows", 4);
			e.shape[0] = 64;
			e.shape[1] = 48 + (size_t)c;
			e.median_ms = 0.25 * (c + 1) + v;
			put_ok(txf_tuning_set_entry(t, TXF_TUNE_TRANSPOSE, TXF_F32,
			                            (txf_size_class)c, &e));
		}
		l.large_from = 1e12;
		l.padcopy_min = 0;
		put_ok(txf_tuning_limits_set(t, TXF_TUNE_MATMUL, TXF_F32, &l));
		for (int c = 0; c < TXF_SIZE_CLASS_COUNT; c++) {
			txf_tuned e;
			memset(&e, 0, sizeof e);
			e.strategy = c % 2 ? TXF_STRATEGY_SPLIT : TXF_STRATEGY_PAD;
			for (size_t i = 0; i < sizeof mp / sizeof mp[0]; i++)
				test_tuned_put(&e, mp[i].name, mp[i].value);
			e.shape[0] = 32;
			e.shape[1] = 32;
			e.shape[2] = 32 + (size_t)c;
			e.median_ms = 1.5 + c + v;
			put_ok(txf_tuning_set_entry(t, TXF_TUNE_MATMUL, TXF_F32, (txf_size_class)c,
			                            &e));
		}
	}
}

static bool same_tuned(const txf_tuned *a, const txf_tuned *b)
{
	if (a->strategy != b->strategy || a->num_params != b->num_params ||
	    memcmp(a->shape, b->shape, sizeof a->shape) != 0 || a->median_ms != b->median_ms)
		return false;
	for (unsigned i = 0; i < a->num_params && i < TXF_MAX_PARAMS; i++)
		if (strcmp(a->params[i].name, b->params[i].name) != 0 ||
		    a->params[i].value != b->params[i].value)
			return false;
	return true;
}

/* Which variant t is, or -1 when it is neither (a torn read). */
static int which_variant(const txf_tuning *t)
{
	for (int v = 0; v < 2; v++) {
		const txf_tuning *u = variants[v];
		bool same = strcmp(txf_tuning_mode(t), txf_tuning_mode(u)) == 0 &&
		            strcmp(txf_tuning_created(t), txf_tuning_created(u)) == 0;
		for (int op = 0; same && op < TXF_TUNE_OP_COUNT; op++)
			for (int d = 0; same && d < TXF_DTYPE_COUNT; d++) {
				txf_tuning_limits x, y;
				txf_status sx =
				    txf_tuning_limits_get(t, (txf_tune_op)op, (txf_dtype)d, &x);
				txf_status sy =
				    txf_tuning_limits_get(u, (txf_tune_op)op, (txf_dtype)d, &y);
				same = sx == sy &&
				       (sx != TXF_SUCCESS || (x.large_from == y.large_from &&
				                              x.padcopy_min == y.padcopy_min));
				for (int c = 0; same && c < TXF_SIZE_CLASS_COUNT; c++) {
					txf_tuned ex, ey;
					sx = txf_tuning_entry(t, (txf_tune_op)op, (txf_dtype)d,
					                      (txf_size_class)c, &ex);
					sy = txf_tuning_entry(u, (txf_tune_op)op, (txf_dtype)d,
					                      (txf_size_class)c, &ey);
					same =
					    sx == sy && (sx != TXF_SUCCESS || same_tuned(&ex, &ey));
				}
			}
		if (same)
			return v;
	}
	return -1;
}

static txf_context *open_context(void)
{
	txf_context_options o;
	txf_context_options_default(&o);
	o.cache_dir = cache_dir;
	txf_context *ctx = NULL;
	return txf_context_create(&ctx, &o) == TXF_SUCCESS ? ctx : NULL;
}

/* Tuning work between operations: thread 0 saves a variant; the others
 * read their context's tuning, and the own-context threads now and then
 * open a new context, which reads the file. */
static void tuning_round(worker *w, unsigned round)
{
	txf_context *fresh = NULL;
	txf_tuning *t = NULL;
	if (w->id == 0) {
		txf_status s = txf_tuning_save(w->ctx, variants[round % 2]);
		CHECK_STATUS(w, s, "txf_tuning_save");
		w->tuning_saves++;
		goto out;
	}
	txf_status s = txf_tuning_get(w->ctx, &t);
	CHECK_STATUS(w, s, "txf_tuning_get");
	CHECK(w, which_variant(t) >= 0, "txf_tuning_get gave neither variant (mode '%s')",
	      txf_tuning_mode(t));
	w->tuning_reads++;
	if (!w->shared && round % 3 == 1) {
		fresh = open_context();
		CHECK(w, fresh, "a new context: %s", txf_last_error());
		w->contexts_opened++;
		txf_context_stats st;
		s = txf_context_stats_get(fresh, &st);
		CHECK_STATUS(w, s, "txf_context_stats_get");
		CHECK(w, st.tuned == 1, "a new context did not take the tuning file");
		txf_tuning_release(&t);
		s = txf_tuning_get(fresh, &t);
		CHECK_STATUS(w, s, "txf_tuning_get");
		CHECK(w, which_variant(t) >= 0,
		      "the tuning file read was neither variant (mode '%s')", txf_tuning_mode(t));
		w->tuning_reads++;
	}
out:
	txf_context_release(&fresh);
	txf_tuning_release(&t);
}

/* ---------------------------------------------------------- the threads */

/* A failure whose message names this thread and round must still be this
 * thread's last error after the others have failed and succeeded. */
static void error_round(worker *w, unsigned round)
{
	char want[64];
	size_t cols = 1000 + (size_t)w->id * 100 + round;
	snprintf(want, sizeof want, "ld = %zu is smaller than cols = %zu", cols - 1, cols);
	txf_matrix bad = {NULL, 0, 2, cols, cols - 1, TXF_F32, TXF_ROW_MAJOR};
	txf_matrix out = {NULL, 0, cols, 2, 2, TXF_F32, TXF_ROW_MAJOR};
	txf_status s = txf_transpose(w->ctx, &bad, &out, NULL, 0, NULL, NULL);
	CHECK(w, s == TXF_ERR_BAD_LD, "a bad ld gave %s", txf_status_name(s));
	sched_yield();
	txf_context_stats st;
	s = txf_context_stats_get(w->ctx, &st);
	CHECK_STATUS(w, s, "txf_context_stats_get");
	CHECK(w, strstr(txf_last_error(), want), "last error '%s', expected '%s'", txf_last_error(),
	      want);
	w->error_checks++;
out:;
}

static void *thread_main(void *arg)
{
	worker *w = arg;
	txf_context_stats before;
	memset(&before, 0, sizeof before);
	pthread_barrier_wait(&start_line);
	for (unsigned r = 0; r < w->rounds; r++) {
		/* Round 0: every thread the same operation, on a cold cache. */
		op_kind op = r == 0 ? OP_TRANSPOSE_AUTO : (op_kind)((w->id + r) % OP_KINDS);
		if (run_op(w, op))
			w->ok[op]++;
		error_round(w, r);
		tuning_round(w, r);
		txf_context_stats st;
		txf_status s = txf_context_stats_get(w->ctx, &st);
		CHECK_STATUS(w, s, "txf_context_stats_get");
		CHECK(
		    w,
		    st.programs_built >= before.programs_built &&
		        st.programs_loaded >= before.programs_loaded &&
		        st.programs_stored >= before.programs_stored,
		    "the cache counters went back: built %lu -> %lu, loaded %lu -> %lu, stored %lu "
		    "-> %lu",
		    before.programs_built, st.programs_built, before.programs_loaded,
		    st.programs_loaded, before.programs_stored, st.programs_stored);
		CHECK(w, st.cache_rejected == 0 && st.binary_cache == 1,
		      "binary cache: on %d, %lu entries rejected", st.binary_cache,
		      st.cache_rejected);
		before = st;
	}
out:
	if (!w->shared)
		txf_context_release(&w->ctx);
	return NULL;
}

/* Join n threads, failing when one still runs after seconds (a deadlock:
 * better a failure that says so than a hung test). */
static void join_all(pthread_t *tids, int n, int seconds)
{
	struct timespec deadline;
	assert_int_equal(clock_gettime(CLOCK_REALTIME, &deadline), 0);
	deadline.tv_sec += seconds;
	for (int i = 0; i < n; i++) {
		int rc = pthread_timedjoin_np(tids[i], NULL, &deadline);
		if (rc == ETIMEDOUT)
			fail_msg("thread %d still runs after %d s: a deadlock?", i, seconds);
		assert_int_equal(rc, 0);
	}
}

/* ------------------------------------ binaries taken while kernels run */

/* A context without a binary cache runs one tile variant's transpose of a
 * fixed matrix again and again, in batches enqueued back to back so that
 * kernels finish all the time, until told to stop; the last result is
 * checked byte for byte. */
typedef struct streamer {
	worker w;
	unsigned tile, wg_rows;
	atomic_bool stop, done;
	atomic_uint runs;
} streamer;

enum { STREAM_ROWS = 61, STREAM_COLS = 47, STREAM_BATCH = 16 };

static void *stream_main(void *arg)
{
	streamer *st = arg;
	worker *w = &st->w;
	const size_t elem = 4, bytes = STREAM_ROWS * STREAM_COLS * elem;
	const size_t total = bytes + 2 * GUARD_BYTES;
	unsigned char *in = image(w, bytes, true), *want = image(w, bytes, false);
	unsigned char *got = malloc(total);
	cl_mem bin = NULL, bout = NULL;
	cl_event ev = NULL;
	CHECK(w, in && want && got, "out of memory");
	bin = upload(w, in, total);
	bout = upload(w, want, total);
	CHECK(w, bin && bout, "buffers");
	txf_matrix vin =
	    view_of(bin, TXF_I32, STREAM_ROWS, STREAM_COLS, STREAM_COLS, 0, TXF_ROW_MAJOR);
	txf_matrix vout =
	    view_of(bout, TXF_I32, STREAM_COLS, STREAM_ROWS, STREAM_ROWS, 0, TXF_ROW_MAJOR);
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = TXF_STRATEGY_PAD;
	o.tile = st->tile;
	o.wg_rows = st->wg_rows;
	while (!atomic_load(&st->stop)) {
		for (int b = 0; b < STREAM_BATCH; b++) {
			if (ev)
				clReleaseEvent(ev);
			ev = NULL;
			txf_status s = txf_transpose(w->ctx, &vin, &vout, &o, 0, NULL, &ev);
			CHECK_STATUS(w, s, "txf_transpose");
			atomic_fetch_add(&st->runs, 1);
		}
		CHECK(w, clWaitForEvents(1, &ev) == CL_SUCCESS, "clWaitForEvents");
	}
	cl_event last = ev; /* download releases it */
	ev = NULL;
	CHECK(w, download(w, bout, got, total, last), "download");
	for (size_t i = 0; i < STREAM_ROWS; i++)
		for (size_t j = 0; j < STREAM_COLS; j++)
			memcpy(want + at(TXF_ROW_MAJOR, STREAM_ROWS, 0, j, i, elem),
			       in + at(TXF_ROW_MAJOR, STREAM_COLS, 0, i, j, elem), elem);
	CHECK(w, memcmp(got, want, total) == 0, "tile %u x %u: the streamed transpose differs",
	      st->tile, st->wg_rows);
out:
	if (ev)
		clReleaseEvent(ev);
	if (bin)
		clReleaseMemObject(bin);
	if (bout)
		clReleaseMemObject(bout);
	free(in);
	free(want);
	free(got);
	atomic_store(&st->done, true);
	return NULL;
}

/* Storing a program in the binary cache takes its binary from the driver.
 * On POCL's CPU drivers before 7.0 that compiles every kernel of the program
 * into a handle cache shared by the whole process, where a kernel of the same
 * program running in another context at that moment has its reference
 * released; with declared work-group shapes the two collide and POCL aborts
 * (cl/common.cl, TXF_NO_REQD_WG). Here a second context, with a binary cache,
 * builds and stores each variant while the first one streams it. Variants
 * no other test here uses, so each store is the process's first. */
/* Whether ctx runs the pad kernel with this tile: a device may run fewer
 * work-items of it per group than the tile has (NVIDIA: 256). */
static bool tile_runs(txf_context *ctx, unsigned tile, unsigned wg_rows)
{
	cl_int err;
	cl_mem a =
	    clCreateBuffer(txf_context_cl_context(ctx), CL_MEM_READ_WRITE, 64 * 64 * 4, NULL, &err);
	cl_mem b =
	    clCreateBuffer(txf_context_cl_context(ctx), CL_MEM_READ_WRITE, 64 * 64 * 4, NULL, &err);
	assert_true(a && b);
	const txf_matrix va = {a, 0, 64, 64, 64, TXF_I32, TXF_ROW_MAJOR},
	                 vb = {b, 0, 64, 64, 64, TXF_I32, TXF_ROW_MAJOR};
	txf_transpose_options o;
	txf_transpose_options_default(&o);
	o.strategy = TXF_STRATEGY_PAD;
	o.tile = tile;
	o.wg_rows = wg_rows;
	cl_event ev = NULL;
	const txf_status s = txf_transpose(ctx, &va, &vb, &o, 0, NULL, &ev);
	if (ev) {
		assert_int_equal(clWaitForEvents(1, &ev), CL_SUCCESS);
		clReleaseEvent(ev);
	}
	clReleaseMemObject(a);
	clReleaseMemObject(b);
	if (s != TXF_SUCCESS && s != TXF_ERR_TILE_UNSUPPORTED)
		fail_msg("tile %u x %u: %s (%s)", tile, wg_rows, txf_status_name(s),
		         txf_last_error());
	return s == TXF_SUCCESS;
}

static void binaries_stored_while_kernels_run(void **state)
{
	(void)state;
	static const unsigned variants_tw[][2] = {{4, 4},   {8, 2},  {16, 2},
	                                          {16, 16}, {32, 2}, {32, 16}};
	char dir[64];
	snprintf(dir, sizeof dir, "/tmp/txf-test-store-XXXXXX");
	assert_non_null(mkdtemp(dir));
	txf_context_options o;
	txf_context_options_default(&o);
	o.binary_cache = 0;
	o.tuning = 0;
	txf_context *runner = NULL;
	assert_int_equal(txf_context_create(&runner, &o), TXF_SUCCESS);
	o.binary_cache = 1;
	o.cache_dir = dir;
	unsigned streamed = 0, stored_variants = 0;
	for (size_t v = 0; v < sizeof variants_tw / sizeof variants_tw[0]; v++) {
		if (!tile_runs(runner, variants_tw[v][0], variants_tw[v][1]))
			continue;
		static streamer st;
		memset(&st, 0, sizeof st);
		st.w.ctx = runner;
		st.w.rng = 0xB1Au + v;
		st.w.kernel_only = true;
		st.tile = variants_tw[v][0];
		st.wg_rows = variants_tw[v][1];
		/* The runner has built the variant before the store begins. */
		if (!transpose_once(&st.w, TXF_I32, TXF_STRATEGY_PAD, st.tile, st.wg_rows))
			fail_msg("streaming context: %s", st.w.first_failure);
		pthread_t tid;
		assert_int_equal(pthread_create(&tid, NULL, stream_main, &st), 0);
		txf_context *storer = NULL;
		assert_int_equal(txf_context_create(&storer, &o), TXF_SUCCESS);
		worker sw = {.id = 1, .ctx = storer, .rng = 0x5703Eu + v, .kernel_only = true};
		bool stored = transpose_once(&sw, TXF_I32, TXF_STRATEGY_PAD, st.tile, st.wg_rows);
		atomic_store(&st.stop, true);
		join_all(&tid, 1, 600);
		txf_context_stats cs;
		assert_int_equal(txf_context_stats_get(storer, &cs), TXF_SUCCESS);
		txf_context_release(&storer);
		if (sw.failures)
			fail_msg("storing context: %s", sw.first_failure);
		if (st.w.failures)
			fail_msg("streaming context: %s", st.w.first_failure);
		assert_true(stored);
		assert_true(cs.programs_stored >= 1);
		streamed += atomic_load(&st.runs);
		stored_variants++;
	}
	printf("  %u transposes streamed while %u variants were stored\n", streamed,
	       stored_variants);
	assert_true(stored_variants >= 4);
	txf_context_release(&runner);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* Every entry in the programs directory is whole; no temporary is left. */
static void assert_cache_files(const char *dir, unsigned long *entries)
{
	char *prog = txf__path_join(dir, "programs");
	assert_non_null(prog);
	DIR *d = opendir(prog);
	assert_non_null(d);
	*entries = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(e->d_name);
		if (n != 20 || strcmp(e->d_name + 16, ".bin") != 0)
			fail_msg("unexpected file %s in %s", e->d_name, prog);
		char *path = txf__path_join(prog, e->d_name);
		unsigned char *data = NULL;
		size_t len = 0;
		char why[256];
		assert_int_equal(txf__read_private_file(path, TXF__BINCACHE_MAX_FILE, &data, &len,
		                                        why, sizeof why),
		                 1);
		assert_true(len >= TXF__BINCACHE_OVERHEAD);
		size_t k = (size_t)data[12] | (size_t)data[13] << 8 | (size_t)data[14] << 16 |
		           (size_t)data[15] << 24;
		assert_true(k <= len - TXF__BINCACHE_OVERHEAD);
		char *key = strndup((const char *)data + TXF__BINCACHE_HEADER, k);
		const unsigned char *bin;
		size_t bin_len;
		assert_int_equal(txf__bincache_parse(data, len, key, &bin, &bin_len),
		                 TXF__BINCACHE_OK);
		char name[TXF__BINCACHE_NAME_SIZE];
		txf__bincache_file_name(key, name);
		assert_string_equal(name, e->d_name);
		free(key);
		free(data);
		free(path);
		++*entries;
	}
	closedir(d);
	free(prog);
}

static void remove_tree(const char *dir)
{
	char cmd[200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void threads_share_contexts(void **state)
{
	(void)state;
	const char *env = getenv("TXF_THREADS_ROUNDS");
	unsigned rounds = env && atoi(env) > 0 ? (unsigned)atoi(env) : DEFAULT_ROUNDS;
	snprintf(cache_dir, sizeof cache_dir, "/tmp/txf-test-threads-XXXXXX");
	assert_non_null(mkdtemp(cache_dir));
	make_variants();

	/* The tuning file exists before the other contexts read it. */
	txf_context *shared = open_context();
	assert_non_null(shared);
	assert_int_equal(txf_tuning_save(shared, variants[0]), TXF_SUCCESS);

	static worker ws[THREADS];
	pthread_t tids[THREADS];
	for (int i = 0; i < THREADS; i++) {
		worker *w = &ws[i];
		memset(w, 0, sizeof *w);
		w->id = i;
		w->shared = i < SHARED_THREADS;
		w->ctx = w->shared ? shared : open_context();
		assert_non_null(w->ctx);
		w->rng = 0x5EED0000ull + (uint64_t)i;
		w->rounds = rounds;
	}
	assert_int_equal(pthread_barrier_init(&start_line, NULL, THREADS), 0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&tids[i], NULL, thread_main, &ws[i]), 0);
	join_all(tids, THREADS, 600);
	pthread_barrier_destroy(&start_line);

	unsigned failures = 0, done = 0, reads = 0, saves = 0, opened = 0, errors = 0;
	unsigned per_op[OP_KINDS] = {0};
	for (int i = 0; i < THREADS; i++) {
		worker *w = &ws[i];
		if (w->failures)
			printf("  %u failures; first: %s\n", w->failures, w->first_failure);
		failures += w->failures;
		for (int op = 0; op < OP_KINDS; op++) {
			per_op[op] += w->ok[op];
			done += w->ok[op];
		}
		reads += w->tuning_reads;
		saves += w->tuning_saves;
		opened += w->contexts_opened;
		errors += w->error_checks;
	}
	printf("  %d threads (%d on one context, %d contexts of their own), %u rounds each: "
	       "%u operations checked\n",
	       THREADS, SHARED_THREADS, OWN_CONTEXTS, rounds, done);
	for (int op = 0; op < OP_KINDS; op++)
		printf("    %-24s %u\n", op_names[op], per_op[op]);
	printf("  tuning: %u saves, %u reads (%u new contexts); %u last-error checks\n", saves,
	       reads, opened, errors);

	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(shared, &st), TXF_SUCCESS);
	unsigned long entries = 0;
	assert_cache_files(cache_dir, &entries);
	printf("  shared context: %lu programs (%lu built, %lu loaded), %lu stored, %lu "
	       "rejected; %lu workspaces pooled; %lu entries on disk\n",
	       txf__program_count(shared), st.programs_built, st.programs_loaded,
	       st.programs_stored, st.cache_rejected, txf__pool_created(shared->pool), entries);
	unsigned long programs = txf__program_count(shared);
	/* Threads that wanted a kernel another one held made their own; the
	 * cache kept them all, and every one was given back. */
	unsigned long kernels = 0, kernels_busy = 0, kernels_created = 0;
	txf__kernel_counts(shared, &kernels, &kernels_busy, &kernels_created);
	printf("  shared context: %lu kernel objects kept, %lu created\n", kernels,
	       kernels_created);
	txf_context_release(&shared);
	remove_tree(cache_dir);

	assert_int_equal(failures, 0);
	assert_int_equal(done, THREADS * rounds);
	assert_int_equal(errors, THREADS * rounds);
	assert_true(saves == rounds && reads > 0 && opened > 0);
	assert_int_equal(st.cache_rejected, 0);
	/* Each program was made once per context, by one thread, however
	 * many asked for it at once; each is on disk. */
	assert_int_equal(st.programs_built + st.programs_loaded, programs);
	assert_true(programs <= entries);
	assert_int_equal(kernels_busy, 0);
	assert_true(kernels == kernels_created || kernels == TXF__KERNELS_MAX);
}

/* ------------------------------------------------------- the host storm */

enum { STORM_ROUNDS = 400, STORM_PROGRAMS = 3, HELD_SLOTS = 256 };

static const char *const storm_options[STORM_PROGRAMS] = {
    "-DELEM_SIZE=1 -DTILE=4 -DWG_ROWS=4",
    "-DELEM_SIZE=2 -DTILE=4 -DWG_ROWS=4",
    "-DELEM_SIZE=16 -DTILE=4 -DWG_ROWS=4",
};
/* The program each option string gave first; every later answer must be
 * the same. Relaxed atomics: the checks must not add an order between the
 * threads that would hide a race from ThreadSanitizer. */
static _Atomic(uintptr_t) storm_programs[STORM_PROGRAMS];
/* Pool buffers seen (insert-only open addressing) and how many threads
 * hold each now. */
static _Atomic(uintptr_t) held_keys[HELD_SLOTS];
static atomic_int held_count[HELD_SLOTS];
static txf_context *storm_ctx;

static atomic_int *holders_of(cl_mem m)
{
	uintptr_t key = (uintptr_t)m;
	size_t i = (size_t)((key >> 4) * 0x9E3779B97F4A7C15ull >> 56) % HELD_SLOTS;
	for (size_t n = 0; n < HELD_SLOTS; n++, i = (i + 1) % HELD_SLOTS) {
		uintptr_t seen = 0;
		if (atomic_compare_exchange_strong_explicit(
		        &held_keys[i], &seen, key, memory_order_relaxed, memory_order_relaxed) ||
		    seen == key)
			return &held_count[i];
	}
	return NULL;
}

/* A pooled workspace is held by one thread at a time. One size, so that
 * the pool never needs more buffers than there are threads. */
static void pool_round(worker *w)
{
	const size_t size = 4096;
	cl_mem m = NULL;
	txf__pool_ticket *t = NULL;
	txf_status s = txf__pool_acquire(storm_ctx, size, &m, &t);
	CHECK_STATUS(w, s, "txf__pool_acquire");
	atomic_int *h = holders_of(m);
	CHECK(w, h, "more pool buffers than the table holds");
	int before = atomic_fetch_add_explicit(h, 1, memory_order_relaxed);
	sched_yield();
	atomic_fetch_sub_explicit(h, 1, memory_order_relaxed);
	CHECK(w, before == 0, "the pool gave one buffer to two threads at once");
out:
	txf__pool_give_back(t);
}

/* One program per key in the cache, made once however many ask at once. */
static void program_round(worker *w, unsigned round)
{
	unsigned i = (unsigned)(w->id + round) % STORM_PROGRAMS;
	cl_program p = NULL;
	txf_status s = txf__get_program(storm_ctx, "transpose.cl", storm_options[i], &p);
	CHECK_STATUS(w, s, "txf__get_program");
	uintptr_t first = 0;
	if (!atomic_compare_exchange_strong_explicit(&storm_programs[i], &first, (uintptr_t)p,
	                                             memory_order_relaxed, memory_order_relaxed))
		CHECK(w, first == (uintptr_t)p, "two programs for \"%s\"", storm_options[i]);
out:;
}

/* Selection consults the tuning that thread 0 keeps swapping: a tuned
 * choice must be the one of the variants. */
static void explain_round(worker *w, unsigned round)
{
	static const txf_dtype types[] = {TXF_F32, TXF_F64, TXF_U8, TXF_C64};
	size_t rows = pick(w, 1, 300), cols = pick(w, 1, 300);
	txf_choice c;
	txf_status s = txf_transpose_explain(w->ctx, rows, cols, types[round % 4], 0, NULL, &c);
	CHECK_STATUS(w, s, "txf_transpose_explain");
	CHECK(w, c.strategy > TXF_STRATEGY_AUTO && c.strategy < TXF_STRATEGY_PADCOPY && c.tile,
	      "explain chose strategy %d tile %u", (int)c.strategy, c.tile);
	if (c.strategy_source == TXF_SOURCE_TUNED)
		CHECK(w, c.tile == 16 && c.wg_rows == 4,
		      "a tuned tile %u x %u is neither variant's", c.tile, c.wg_rows);
	txf_matmul_choice mc;
	s = txf_matmul_explain(w->ctx, pick(w, 1, 200), pick(w, 1, 200), pick(w, 1, 200),
	                       round % 2 ? TXF_F64 : TXF_F32, NULL, &mc);
	CHECK_STATUS(w, s, "txf_matmul_explain");
	if (mc.params_source == TXF_SOURCE_TUNED) {
		/* The entry's blocks; it leaves K slices to the device's rule and
		 * lbuf, wmap and kgroups to the device's entry. */
		static const txf_param want[] = {{"mwg", 16},  {"nwg", 16},  {"kwg", 8},
		                                 {"mdimc", 8}, {"ndimc", 8}, {"vwa", 1},
		                                 {"vwb", 1}};
		long long got[sizeof want / sizeof want[0]];
		bool same = true;
		for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
			s = txf_matmul_choice_param(&mc, want[i].name, &got[i]);
			CHECK_STATUS(w, s, "txf_matmul_choice_param");
			same = same && got[i] == want[i].value;
		}
		CHECK(w, same, "tuned matmul blocks %lld x %lld x %lld are neither variant's",
		      got[0], got[1], got[2]);
	}
out:;
}

static void *storm_main(void *arg)
{
	worker *w = arg;
	txf_tuning *t = NULL;
	txf_context_stats before, st;
	memset(&before, 0, sizeof before);
	pthread_barrier_wait(&start_line);
	for (unsigned r = 0; r < w->rounds; r++) {
		if (w->id == 0) {
			/* Both variants and none, in turn. */
			txf_status s = txf_tuning_set(w->ctx, r % 3 == 2 ? NULL : variants[r % 3]);
			CHECK_STATUS(w, s, "txf_tuning_set");
			w->tuning_saves++;
		} else {
			txf_tuning_release(&t);
			txf_status s = txf_tuning_get(w->ctx, &t);
			CHECK_STATUS(w, s, "txf_tuning_get");
			txf_tuning_limits l;
			CHECK(w,
			      which_variant(t) >= 0 ||
			          txf_tuning_limits_get(t, TXF_TUNE_MATMUL, TXF_F32, &l) !=
			              TXF_SUCCESS,
			      "txf_tuning_get gave a torn tuning (mode '%s')", txf_tuning_mode(t));
			w->tuning_reads++;
		}
		explain_round(w, r);
		if (r % 8 == 0)
			program_round(w, r / 8);
		pool_round(w);
		error_round(w, r);
		if (r % 50 == 0) {
			txf_device_profile p;
			txf_status s = txf_context_profile(w->ctx, &p);
			CHECK_STATUS(w, s, "txf_context_profile");
			CHECK(w, p.preferred_multiple > 0, "no preferred multiple");
		}
		txf_status s = txf_context_stats_get(w->ctx, &st);
		CHECK_STATUS(w, s, "txf_context_stats_get");
		CHECK(w,
		      st.programs_built >= before.programs_built &&
		          st.programs_stored >= before.programs_stored,
		      "the cache counters went back");
		before = st;
		w->ok[0]++;
	}
out:
	txf_tuning_release(&t);
	return NULL;
}

static void host_side_storm(void **state)
{
	(void)state;
	snprintf(cache_dir, sizeof cache_dir, "/tmp/txf-test-storm-XXXXXX");
	assert_non_null(mkdtemp(cache_dir));
	make_variants();
	storm_ctx = open_context();
	assert_non_null(storm_ctx);
	static worker ws[THREADS];
	pthread_t tids[THREADS];
	for (int i = 0; i < THREADS; i++) {
		memset(&ws[i], 0, sizeof ws[i]);
		ws[i].id = i;
		ws[i].ctx = storm_ctx;
		ws[i].shared = true;
		ws[i].rng = 0xC0FFEE00ull + (uint64_t)i;
		ws[i].rounds = STORM_ROUNDS;
	}
	assert_int_equal(pthread_barrier_init(&start_line, NULL, THREADS), 0);
	for (int i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&tids[i], NULL, storm_main, &ws[i]), 0);
	join_all(tids, THREADS, 600);
	pthread_barrier_destroy(&start_line);
	unsigned failures = 0, rounds = 0, errors = 0;
	for (int i = 0; i < THREADS; i++) {
		if (ws[i].failures)
			printf("  %u failures; first: %s\n", ws[i].failures, ws[i].first_failure);
		failures += ws[i].failures;
		rounds += ws[i].ok[0];
		errors += ws[i].error_checks;
	}
	txf_context_stats st;
	assert_int_equal(txf_context_stats_get(storm_ctx, &st), TXF_SUCCESS);
	unsigned long programs = txf__program_count(storm_ctx);
	unsigned long pooled = txf__pool_created(storm_ctx->pool);
	printf("  %d threads x %d rounds on one context: %u rounds, %u last-error checks; "
	       "%lu programs (%lu built, %lu loaded), %lu workspaces pooled\n",
	       THREADS, STORM_ROUNDS, rounds, errors, programs, st.programs_built,
	       st.programs_loaded, pooled);
	txf_context_release(&storm_ctx);
	remove_tree(cache_dir);
	assert_int_equal(failures, 0);
	assert_int_equal(rounds, THREADS * STORM_ROUNDS);
	assert_int_equal(programs, STORM_PROGRAMS);
	assert_int_equal(st.programs_built + st.programs_loaded, STORM_PROGRAMS);
	/* Never more buffers than threads could hold at once. */
	assert_true(pooled >= 1 && pooled <= THREADS);
}

/* ------------------------------------------------ failed builds, at once */

enum { FAILING_THREADS = 4 };
static txf_context *failing_ctx;

/* A transpose whose kernel does not build: every thread must get
 * TXF_ERR_BUILD_FAILED with its own message and build log, none may wait
 * for ever on another thread's failed build. */
static void *failing_main(void *arg)
{
	worker *w = arg;
	pthread_barrier_wait(&start_line);
	for (unsigned r = 0; r < w->rounds; r++) {
		cl_program p = NULL;
		txf_status s = txf__get_program(failing_ctx, "transpose.cl",
		                                "-DELEM_SIZE=4 -DTILE=8 -DWG_ROWS=8", &p);
		CHECK(w, s == TXF_ERR_BUILD_FAILED, "got %s (%s)", txf_status_name(s),
		      txf_last_error());
		CHECK(w, strstr(txf_last_error(), "transpose.cl"), "message '%s'",
		      txf_last_error());
		CHECK(w, strstr(txf_last_build_log(), "not_a_type"), "build log '%s'",
		      txf_last_build_log());
		w->ok[0]++;
	}
out:
	return NULL;
}

static void build_failures_per_thread(void **state)
{
	(void)state;
	char dir[64];
	snprintf(dir, sizeof dir, "/tmp/txf-test-broken-XXXXXX");
	assert_non_null(mkdtemp(dir));
	char cmd[600];
	snprintf(cmd, sizeof cmd, "cp '%s/../cl/common.cl' '%s/' && chmod 644 '%s/common.cl'",
	         TXF_TEST_SRCDIR, dir, dir);
	assert_int_equal(system(cmd), 0);
	char *path = txf__path_join(dir, "transpose.cl");
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("__kernel void transpose_simple(__global not_a_type *p) { p[0] = 1; }\n", f);
	assert_int_equal(fclose(f), 0);
	txf_context_options o;
	txf_context_options_default(&o);
	o.kernel_path = dir;
	o.kernel_path_only = 1;
	o.binary_cache = 0;
	assert_int_equal(txf_context_create(&failing_ctx, &o), TXF_SUCCESS);
	static worker ws[FAILING_THREADS];
	pthread_t tids[FAILING_THREADS];
	assert_int_equal(pthread_barrier_init(&start_line, NULL, FAILING_THREADS), 0);
	for (int i = 0; i < FAILING_THREADS; i++) {
		memset(&ws[i], 0, sizeof ws[i]);
		ws[i].id = i;
		ws[i].rounds = 2;
		assert_int_equal(pthread_create(&tids[i], NULL, failing_main, &ws[i]), 0);
	}
	join_all(tids, FAILING_THREADS, 120);
	pthread_barrier_destroy(&start_line);
	unsigned failures = 0, done = 0;
	for (int i = 0; i < FAILING_THREADS; i++) {
		if (ws[i].failures)
			printf("  %u failures; first: %s\n", ws[i].failures, ws[i].first_failure);
		failures += ws[i].failures;
		done += ws[i].ok[0];
	}
	/* Nothing failed stays in the cache. */
	assert_int_equal(txf__program_count(failing_ctx), 0);
	txf_context_release(&failing_ctx);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(path);
	assert_int_equal(failures, 0);
	assert_int_equal(done, FAILING_THREADS * 2);
}

int main(void)
{
	unsetenv("TXF_TUNING");
	unsetenv("TXF_TUNING_FILE");
	unsetenv("TXF_BINARY_CACHE");
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(binaries_stored_while_kernels_run),
	    cmocka_unit_test(threads_share_contexts),
	    cmocka_unit_test(host_side_storm),
	    cmocka_unit_test(build_failures_per_thread),
	};
	return cmocka_run_group_tests_name("threads", tests, NULL, NULL);
}
